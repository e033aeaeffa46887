/** An organisation with its sub-organisations. */
export interface OrgNode {
  id: number;
  name: string;
  children?: readonly OrgNode[];
}

/** Every id of a subtree, the node first. */
export function subtreeIds(node: OrgNode): number[] {
  return [node.id, ...(node.children ?? []).flatMap(subtreeIds)];
}

/** Every id of a forest. */
export const allOrgIds = (nodes: readonly OrgNode[]) => nodes.flatMap(subtreeIds);

/**
 * The organisations whose name contains the search text, with their ancestors (so each match
 * shows where it sits); every organisation when the text is blank.
 */
export function filterOrgTree(nodes: readonly OrgNode[], search: string): OrgNode[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...nodes];
  const out: OrgNode[] = [];
  for (const node of nodes) {
    if (node.name.toLowerCase().includes(q)) {
      out.push(node);
      continue;
    }
    const children = filterOrgTree(node.children ?? [], q);
    if (children.length > 0) out.push({ ...node, children });
  }
  return out;
}

/** The names of the chosen ids, in tree order. */
export function orgNames(nodes: readonly OrgNode[], ids: ReadonlySet<number>): string[] {
  return nodes.flatMap((n) => [...(ids.has(n.id) ? [n.name] : []), ...orgNames(n.children ?? [], ids)]);
}
