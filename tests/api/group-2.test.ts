// Files of group 2 (tests/api/groups.json) against one shared server.
import { runGroup } from './groups';

runGroup(2);
