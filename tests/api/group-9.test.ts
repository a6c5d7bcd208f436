// Files of group 9 (tests/api/groups.json) against one shared server.
import { runGroup } from './groups';

runGroup(9);
