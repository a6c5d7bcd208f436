// Files of group 6 (tests/api/groups.json) against one shared server.
import { runGroup } from './groups';

runGroup(6);
