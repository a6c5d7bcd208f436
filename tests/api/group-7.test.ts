// Files of group 7 (tests/api/groups.json) against one shared server.
import { runGroup } from './groups';

runGroup(7);
