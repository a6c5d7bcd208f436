// Files of group 5 (tests/api/groups.json) against one shared server.
import { runGroup } from './groups';

runGroup(5);
