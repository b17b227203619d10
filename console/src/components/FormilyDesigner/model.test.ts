import { describe, expect, it } from 'vitest';
import {
  copyNode,
  createNode,
  designProblems,
  fromSchema,
  insertNode,
  moveNode,
  PALETTE,
  relocateNode,
  removeNode,
  schemaFields,
  toSchema,
  updateNode,
  visibilityReaction,
  type DesignNode,
} from '@/components/FormilyDesigner/model';
import { applyFieldPerms } from '@/components/FormilyRenderer/perms';

const add = (tree: DesignNode[], kind: Parameters<typeof createNode>[0], containerId?: string) => {
  const node = createNode(kind, tree);
  return { tree: insertNode(tree, node, containerId), node };
};

describe('form designer: palette item -> JSON schema', () => {
  it('every palette item becomes a property with its type, component and decorator', () => {
    let tree: DesignNode[] = [];
    for (const p of PALETTE) tree = add(tree, p.kind).tree;
    const schema = toSchema(tree);
    expect(schema.type).toBe('object');
    const props = schema.properties as Record<string, any>;
    expect(Object.keys(props)).toHaveLength(PALETTE.length);
    for (const p of PALETTE) {
      const entry = Object.values(props).find((s: any) => s['x-kind'] === p.kind) as any;
      expect(entry, p.kind).toBeTruthy();
      expect(entry.type).toBe(p.type);
      expect(entry['x-component']).toBe(p.component);
      if (p.type === 'void') expect(entry['x-decorator']).toBeUndefined();
      else expect(entry['x-decorator']).toBe('FormItem');
    }
    // names are unique and the order is the canvas order
    expect(Object.values(props).map((s: any) => s['x-index'])).toEqual(PALETTE.map((_, i) => i));
  });

  it('writes field props: required, placeholder, default, options, rules, pattern message', () => {
    const { tree, node } = add([], 'select');
    const edited = updateNode(tree, node.id, {
      name: 'dept',
      title: 'Department',
      required: true,
      placeholder: 'Pick one',
      defaultValue: 'k',
      options: [
        { label: 'Kitchen', value: 'k' },
        { label: 'Hall', value: 'h' },
      ],
    });
    const s = toSchema(edited).properties.dept;
    expect(s).toMatchObject({
      type: 'string',
      title: 'Department',
      required: true,
      default: 'k',
      'x-component': 'Select',
      'x-component-props': { placeholder: 'Pick one' },
      enum: [
        { label: 'Kitchen', value: 'k' },
        { label: 'Hall', value: 'h' },
      ],
    });
    const text = add([], 'input');
    const withRules = updateNode(text.tree, text.node.id, {
      name: 'code',
      minLength: 2,
      maxLength: 8,
      pattern: '^[A-Z]+$',
      patternMessage: 'capitals only',
    });
    expect(toSchema(withRules).properties.code).toMatchObject({
      minLength: 2,
      maxLength: 8,
      pattern: '^[A-Z]+$',
      'x-validator': [{ pattern: '^[A-Z]+$', message: 'capitals only' }],
    });
    const money = add([], 'money');
    const m = toSchema(
      updateNode(money.tree, money.node.id, { name: 'amount', minimum: 0, maximum: 5000 }),
    );
    expect(m.properties.amount).toMatchObject({
      type: 'number',
      minimum: 0,
      maximum: 5000,
      'x-component': 'Money',
    });
  });

  it('visibility linkage becomes x-reactions and reads back', () => {
    expect(visibilityReaction({ field: 'amount', op: '>', value: '1000' })).toEqual({
      dependencies: ['amount'],
      fulfill: { state: { visible: '{{$deps[0] > 1000}}' } },
    });
    expect(visibilityReaction({ field: 'kind', op: '==', value: 'leave' }).fulfill).toEqual({
      state: { visible: '{{$deps[0] == "leave"}}' },
    });
    const { tree, node } = add([], 'textarea');
    const t2 = updateNode(tree, node.id, {
      name: 'why',
      visibleWhen: { field: 'amount', op: '>=', value: '500' },
    });
    const back = fromSchema(toSchema(t2));
    expect(back[0].visibleWhen).toEqual({ field: 'amount', op: '>=', value: '500' });
  });

  it('reorders, copies, deletes and nests', () => {
    let tree: DesignNode[] = [];
    const a = add(tree, 'input');
    tree = a.tree;
    const b = add(tree, 'number');
    tree = b.tree;
    const c = add(tree, 'date');
    tree = c.tree;
    const names = (t: DesignNode[]) => Object.keys(toSchema(t).properties);
    expect(names(tree)).toEqual(['input', 'number', 'date']);
    tree = moveNode(tree, c.node.id, -1);
    expect(names(tree)).toEqual(['input', 'date', 'number']);
    tree = moveNode(tree, a.node.id, -1); // already first: unchanged
    expect(names(tree)).toEqual(['input', 'date', 'number']);
    tree = relocateNode(tree, a.node.id, undefined, 3);
    expect(names(tree)).toEqual(['date', 'number', 'input']);
    const copied = copyNode(tree, b.node.id);
    tree = copied.nodes;
    expect(names(tree)).toEqual(['date', 'number', 'number2', 'input']);
    tree = removeNode(tree, copied.copyId!);
    expect(names(tree)).toEqual(['date', 'number', 'input']);
    // a card holding a field: void container with nested properties
    const card = add(tree, 'card');
    tree = card.tree;
    tree = relocateNode(tree, b.node.id, card.node.id, 0);
    const schema = toSchema(tree);
    expect(Object.keys(schema.properties)).toEqual(['date', 'input', 'card']);
    expect(schema.properties.card.type).toBe('void');
    expect(Object.keys(schema.properties.card.properties)).toEqual(['number']);
    expect(schemaFields(schema).map((f) => f.name)).toEqual(['date', 'input', 'number']);
    // a container cannot be moved into itself
    expect(relocateNode(tree, card.node.id, card.node.id, 0)).toBe(tree);
  });

  it('a schema survives toSchema -> fromSchema -> toSchema unchanged', () => {
    let tree: DesignNode[] = [];
    for (const kind of ['input', 'money', 'radio', 'grid', 'switch'] as const)
      tree = add(tree, kind).tree;
    tree = insertNode(tree, createNode('dateRange', tree), tree.find((n) => n.kind === 'grid')!.id);
    const first = toSchema(tree);
    const second = toSchema(fromSchema(JSON.stringify(first)));
    expect(second).toEqual(first);
  });

  it('reads schemas written elsewhere by their component', () => {
    const nodes = fromSchema({
      type: 'object',
      required: ['reason'],
      properties: {
        reason: { type: 'string', title: 'Reason', 'x-component': 'Input.TextArea' },
        days: { type: 'number', title: 'Days', 'x-component': 'NumberPicker' },
        agree: { type: 'boolean', title: 'Agree' },
      },
    });
    expect(nodes.map((n) => [n.name, n.kind, !!n.required])).toEqual([
      ['reason', 'textarea', true],
      ['days', 'number', false],
      ['agree', 'switch', false],
    ]);
  });

  it('reports bad or duplicate names and option lists that are empty', () => {
    const a = add([], 'input');
    let tree = updateNode(a.tree, a.node.id, { name: '1bad' });
    const b = add(tree, 'select');
    tree = updateNode(b.tree, b.node.id, { options: [] });
    expect(
      designProblems(tree)
        .map((p) => p.problem)
        .sort(),
    ).toEqual(['name', 'options']);
    const c = add([], 'input');
    const d = add(c.tree, 'number');
    const dup = updateNode(d.tree, d.node.id, { name: 'input' });
    expect(designProblems(dup).map((p) => p.problem)).toEqual(['duplicate']);
  });
});

describe('field permissions on the renderer schema', () => {
  const schema = {
    type: 'object',
    properties: {
      amount: { type: 'number', required: true, 'x-component': 'Money' },
      box: {
        type: 'void',
        'x-component': 'Card',
        properties: { reason: { type: 'string', 'x-component': 'Input' } },
      },
      secret: { type: 'string', 'x-component': 'Input' },
    },
  };
  it('read -> read-only without required, hidden -> not displayed, others editable', () => {
    const out = applyFieldPerms(schema, { amount: 'read', secret: 'hidden' });
    expect(out.properties.amount['x-pattern']).toBe('readPretty');
    expect(out.properties.amount.required).toBeUndefined();
    expect(out.properties.secret['x-display']).toBe('none');
    expect(out.properties.box.properties.reason['x-pattern']).toBe('editable');
    // the input is not modified
    expect(schema.properties.amount.required).toBe(true);
  });
});
