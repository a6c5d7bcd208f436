// Files of group 3 (tests/api/groups.json) against one shared server.
import { runGroup } from './groups';

runGroup(3);
