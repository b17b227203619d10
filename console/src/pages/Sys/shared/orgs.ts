/** The organisation tree as pickers show it (platform > merchants > venues). */
import type { OrgNode, OrgType } from '@/services/sys-admin';

export interface OrgOption {
  title: string;
  value: number;
  key: number;
  type: OrgType;
  disabled?: boolean;
  children?: OrgOption[];
}

/** TreeSelect data of the organisation tree; `selectable` decides which nodes can be picked. */
export function orgOptions(
  nodes: OrgNode[],
  selectable: (n: OrgNode) => boolean = () => true,
): OrgOption[] {
  return nodes.map((n) => ({
    title: n.name,
    value: n.id,
    key: n.id,
    type: n.type,
    disabled: !selectable(n),
    children: n.children?.length ? orgOptions(n.children, selectable) : undefined,
  }));
}

export function findOrg(nodes: OrgNode[], id: number | undefined): OrgNode | undefined {
  if (id === undefined) return undefined;
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findOrg(n.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
}

/** What may be created below a node: the platform adds merchants, a merchant adds venues. */
export const childTypeOf = (type: OrgType | undefined): 'merchant' | 'venue' | undefined =>
  type === 'platform' ? 'merchant' : type === 'merchant' ? 'venue' : undefined;
