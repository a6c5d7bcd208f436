// The request the Usuarios screen (client/modules/settings/pages/UsersPage.tsx) sends when it
// opens: its operation (`UserList` in client/modules/settings/operations.graphql, as codegen
// emits it) with the `__typename` fields Apollo Client adds to every selection set, printed as
// Apollo Client prints it, and its variables as the screen builds them from an empty URL (the
// list's defaults through the same listParams functions, no filter picked). Read from the
// client's own code, so the bench loads what the screen asks for even when the screen changes.
import { addTypenameToDocument } from '@apollo/client/utilities';
import { print } from 'graphql';
import { readListState, toListInput } from '../client/components/listParams';
import { UserListDocument } from '../generated/modules/settings/graphql';

/** As UsersPage.tsx calls useListParams. */
const list = toListInput(readListState(new URLSearchParams(), { sortBy: 'name', filters: { roleId: '', active: '' } }));

export const USERS_QUERY = print(addTypenameToDocument(UserListDocument));
/** `filter` as UsersPage.tsx builds it with no role and no status picked: an empty object. */
export const USERS_VARIABLES: { list: typeof list; filter: Record<string, never> } = { list, filter: {} };
/** The page size the screen opens with (listParams' default: the screen passes none). */
export const USERS_PAGE_SIZE = list.pageSize ?? 25;
