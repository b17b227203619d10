import { describe, expect, it } from 'vitest';
import { cleanLabels, parseLabels } from './labels';

describe('dictionary labels', () => {
  it('reads the stored JSON leniently', () => {
    expect(parseLabels('{"en":"Enabled","zh":"启用","ja":""}')).toEqual({
      en: 'Enabled',
      zh: '启用',
    });
    expect(parseLabels('')).toEqual({});
    expect(parseLabels('not json')).toEqual({});
    expect(parseLabels('["a"]')).toEqual({});
    expect(parseLabels(null)).toEqual({});
  });

  it('sends trimmed labels of known languages only', () => {
    expect(cleanLabels({ en: ' Open ', fr: '', xx: 'nope', ar: 'مفتوح' })).toEqual({
      en: 'Open',
      ar: 'مفتوح',
    });
    expect(cleanLabels(undefined)).toEqual({});
  });
});
