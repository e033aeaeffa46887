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

/** The organisation of that id in a forest, or undefined. */
export function findOrg(nodes: readonly OrgNode[], id: number): OrgNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findOrg(node.children ?? [], id);
    if (found) return found;
  }
  return undefined;
}

/** The parent of an organisation in a forest: null for a top organisation, undefined when absent. */
export function parentOf(nodes: readonly OrgNode[], id: number, parent: OrgNode | null = null): OrgNode | null | undefined {
  for (const node of nodes) {
    if (node.id === id) return parent;
    const found = parentOf(node.children ?? [], id, node);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Whether the organisation dragged may be dropped on the target to become its child: never on
 * itself or one of its descendants (that would make a cycle), nor on its current parent (nothing
 * would change), and only a sub-organisation moves (a top organisation stays where it is).
 */
export function canDropOrg(nodes: readonly OrgNode[], draggedId: number, targetId: number): boolean {
  const dragged = findOrg(nodes, draggedId);
  if (!dragged || !findOrg(nodes, targetId)) return false;
  if (subtreeIds(dragged).includes(targetId)) return false;
  const parent = parentOf(nodes, draggedId);
  return parent !== null && parent !== undefined && parent.id !== targetId;
}

/** The ticked ids after ticking or unticking an organisation with everything below it. */
export function toggleSubtree(ticked: readonly number[], node: OrgNode, on: boolean): number[] {
  const next = new Set(ticked);
  for (const id of subtreeIds(node)) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return [...next];
}

/** 全选: the ticked ids with every organisation the search shows added. */
export const tickShown = (ticked: readonly number[], shown: readonly OrgNode[]): number[] => [...new Set([...ticked, ...allOrgIds(shown)])];

/** 清空: nothing ticked, or, while searching, the ticked ids without those the search shows. */
export function untickShown(ticked: readonly number[], shown: readonly OrgNode[], searching: boolean): number[] {
  if (!searching) return [];
  const visible = new Set(allOrgIds(shown));
  return ticked.filter((id) => !visible.has(id));
}
