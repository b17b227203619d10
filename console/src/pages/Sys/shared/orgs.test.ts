import { describe, expect, it } from 'vitest';
import { childTypeOf, findOrg, orgOptions } from './orgs';
import type { OrgNode } from '@/services/sys-admin';

const org = (id: number, type: OrgNode['type'], children: OrgNode[] = []): OrgNode =>
  ({ id, type, name: `org ${id}`, status: 1, children }) as OrgNode;

describe('organisation tree', () => {
  const tree = [org(1, 'platform', [org(2, 'merchant', [org(3, 'venue')]), org(4, 'merchant')])];

  it('builds tree-select options and finds nodes', () => {
    const options = orgOptions(tree, (n) => n.type !== 'platform');
    expect(options[0]).toMatchObject({ value: 1, title: 'org 1', disabled: true });
    expect(options[0].children![0].children![0]).toMatchObject({
      value: 3,
      type: 'venue',
      disabled: false,
    });
    expect(options[0].children![1].children).toBeUndefined();
    expect(findOrg(tree, 3)?.type).toBe('venue');
    expect(findOrg(tree, 99)).toBeUndefined();
    expect(findOrg(tree, undefined)).toBeUndefined();
  });

  it('knows what may be created below a node', () => {
    expect(childTypeOf('platform')).toBe('merchant');
    expect(childTypeOf('merchant')).toBe('venue');
    expect(childTypeOf('venue')).toBeUndefined();
  });
});
