import { describe, expect, it } from 'vitest';
import { tokenize } from '@/pages/Auto/CompleteList/highlight';
import {
  emptyField,
  fieldPath,
  groupFiles,
  hasInput,
  modesFor,
  snake,
  suggestTable,
  toSpec,
  visibleInput,
} from '@/pages/Auto/CompleteList/logic';

describe('code generation page logic', () => {
  it('maps the server field keys to form paths', () => {
    expect(fieldPath('module')).toEqual(['module']);
    expect(fieldPath('fields[2].name')).toEqual(['fields', 2, 'name']);
    expect(fieldPath('fields[10].labels.fr')).toEqual(['fields', 10, 'labels', 'fr']);
    expect(fieldPath('labels.en')).toEqual(['labels', 'en']);
  });

  it('knows which keys have an input and which are visible without opening a panel', () => {
    expect(hasInput('fields[3].name') && visibleInput('fields[3].name')).toBe(true);
    expect(hasInput('fields[3].pattern')).toBe(true);
    expect(visibleInput('fields[3].pattern')).toBe(false);
    expect(hasInput('fields[3].labels.zh') && !visibleInput('fields[3].labels.zh')).toBe(true);
    expect(hasInput('fields')).toBe(false);
    expect(hasInput('fields[3].unique')).toBe(false);
    expect(hasInput('fields[3].labels')).toBe(false);
  });

  it('suggests the table from the module and the entity', () => {
    expect(snake('purchaseOrder')).toBe('purchase_order');
    expect(snake('userID')).toBe('user_id');
    expect(suggestTable('inventory', 'purchaseOrder')).toBe('inventory_purchase_orders');
    expect(suggestTable('', 'x')).toBe('');
  });

  it('offers the search modes that suit a type', () => {
    expect(modesFor('string')).toEqual(['exact', 'prefix']);
    expect(modesFor('money')).toEqual(['exact', 'range']);
    expect(modesFor('text')).toEqual(['prefix']);
    expect(modesFor('image')).toEqual([]);
  });

  it('turns the form into a trimmed definition without empty parts', () => {
    const spec = toSpec({
      module: ' inventory ',
      entity: 'item',
      table: 'inventory_items',
      labels: { en: ' Item ', zh: '' },
      fields: [
        {
          ...emptyField(),
          name: ' code ',
          labels: { en: 'Code', fr: '  ' },
          pattern: '[A-Z]+',
          search: true,
          searchMode: 'exact',
        },
        {
          ...emptyField(),
          name: 'weight',
          type: 'decimal',
          labels: { en: 'Weight' },
          pattern: 'ignored',
          search: false,
          searchMode: 'range',
        },
      ],
    });
    expect(spec.module).toBe('inventory');
    expect(spec.labels).toEqual({ en: 'Item' });
    expect(spec.fields[0]).toMatchObject({
      name: 'code',
      labels: { en: 'Code' },
      pattern: '[A-Z]+',
      searchMode: 'exact',
    });
    expect(spec.fields[1]).toMatchObject({ scale: 2, pattern: '', searchMode: '' });
  });

  it('groups the files by what they are for', () => {
    const groups = groupFiles([
      { path: 'console/src/locales/areas/x/en-US.ts' },
      { path: 'modules/x/module.go' },
      { path: 'internal/i18n/locales/x/en.json' },
      { path: 'console/src/services/x.ts' },
    ]);
    expect(groups.map((g) => g.group)).toEqual(['go', 'server', 'console', 'locales']);
  });
});

describe('preview highlighter', () => {
  const samples: [string, string][] = [
    ['go', 'package x\n\n// Why.\nfunc F(s string) int { return len("a\\"b") + 42 } /* c */ `raw`'],
    [
      'tsx',
      'import React from \'react\';\nconst A = () => <Button type="primary">{t(`x${1}`)}</Button>; // done',
    ],
    ['json', '{\n  "menu.x": "Stock \\"item\\"",\n  "n": 12, "b": true\n}'],
    ['markdown', '# Title\n\nSome `code` and\n```go\nx := 1\n```\nnot # a heading'],
  ];

  it('gives back exactly the text it was given', () => {
    for (const [lang, code] of samples) {
      expect(
        tokenize(code, lang)
          .map((t) => t.text)
          .join(''),
      ).toBe(code);
    }
    expect(tokenize('anything', 'unknown')).toEqual([{ kind: 'plain', text: 'anything' }]);
  });

  it('marks comments, strings, keywords, numbers and headings', () => {
    const go = tokenize(samples[0][1], 'go');
    expect(go.find((t) => t.text === '// Why.')?.kind).toBe('comment');
    expect(go.find((t) => t.text === '"a\\"b"')?.kind).toBe('string');
    expect(go.find((t) => t.text === 'func')?.kind).toBe('keyword');
    expect(go.find((t) => t.text === 'string')?.kind).toBe('type');
    expect(go.find((t) => t.text === '42')?.kind).toBe('number');
    const ts = tokenize(samples[1][1], 'tsx');
    expect(ts.find((t) => t.text === '<Button')?.kind).toBe('tag');
    expect(ts.find((t) => t.text === "'react'")?.kind).toBe('string');
    const json = tokenize(samples[2][1], 'json');
    expect(json.find((t) => t.text === '"menu.x"')?.kind).toBe('type');
    expect(json.find((t) => t.text === '"Stock \\"item\\""')?.kind).toBe('string');
    const md = tokenize(samples[3][1], 'markdown');
    expect(md.find((t) => t.text === '# Title')?.kind).toBe('heading');
    expect(md.some((t) => t.kind === 'heading' && t.text.includes('not'))).toBe(false);
  });

  it('handles a large file and an unterminated string', () => {
    const big = 'func x() { return "y" } // z\n'.repeat(5000);
    expect(
      tokenize(big, 'go')
        .map((t) => t.text)
        .join(''),
    ).toBe(big);
    expect(
      tokenize('x := "open\n', 'go')
        .map((t) => t.text)
        .join(''),
    ).toBe('x := "open\n');
  });
});
