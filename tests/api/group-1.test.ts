// Files of group 1 (tests/api/groups.json) against one shared server.
import { runGroup } from './groups';

runGroup(1);
