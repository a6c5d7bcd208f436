// Whether an operation asked for a nested field (through fragments too), so a
// list resolver loads heavy children in one batch only when they are wanted.
import type { FragmentDefinitionNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';

function selects(set: SelectionSetNode | undefined, path: readonly string[], fragments: Record<string, FragmentDefinitionNode>): boolean {
  if (!set) return false;
  const [head, ...rest] = path;
  return set.selections.some((node) => {
    if (node.kind === 'Field') return node.name.value === head && (rest.length === 0 || selects(node.selectionSet, rest, fragments));
    if (node.kind === 'InlineFragment') return selects(node.selectionSet, path, fragments);
    const fragment = fragments[node.name.value];
    return fragment ? selects(fragment.selectionSet, path, fragments) : false;
  });
}

/** True when the resolved field's selection reaches `path` (e.g. ['items', 'employees']). */
export const selectsPath = (info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>, path: readonly string[]): boolean =>
  info.fieldNodes.some((node) => selects(node.selectionSet, path, info.fragments));
