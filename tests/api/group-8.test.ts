// Files of group 8 (tests/api/groups.json) against one shared server.
import { runGroup } from './groups';

runGroup(8);
