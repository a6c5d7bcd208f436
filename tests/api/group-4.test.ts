// Files of group 4 (tests/api/groups.json) against one shared server.
import { runGroup } from './groups';

runGroup(4);
