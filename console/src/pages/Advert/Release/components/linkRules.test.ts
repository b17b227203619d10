import { describe, expect, it } from 'vitest';
import { checkLink, isHttpUrl } from './linkRules';

const keys = (problems: { name: (string | number)[]; key: string }[]) =>
  problems.map((p) => `${p.name.join('.')}:${p.key}`);

describe('link (spec section 5: must start with http or https)', () => {
  it('accepts http and https addresses only', () => {
    expect(isHttpUrl('https://example.com/menu')).toBe(true);
    expect(isHttpUrl('HTTP://example.com')).toBe(true);
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('example.com')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
  });

  it('asks for what each link type needs', () => {
    expect(checkLink('none', 'whatever')).toEqual([]);
    expect(checkLink(undefined, undefined)).toEqual([]);
    expect(keys(checkLink('url', 'ftp://example.com'))).toEqual(['linkValue:advert.rule.linkHttp']);
    expect(keys(checkLink('url', ' '))).toEqual(['linkValue:advert.rule.linkRequired']);
    expect(keys(checkLink('url', `https://e.com/${'x'.repeat(500)}`))).toEqual(['linkValue:advert.rule.linkTooLong']);
    expect(checkLink('url', 'https://example.com')).toEqual([]);
    expect(keys(checkLink('dish', undefined))).toEqual(['linkValue:advert.rule.dishRequired']);
    expect(checkLink('dish', 12)).toEqual([]);
  });
});
