/**
 * Rules of an ad's link (spec section 5). They mirror the server
 * (modules/advert/advert_rules.go); unit-tested in linkRules.test.ts beside it.
 */
import type { LinkType } from '@/services/advert';
import type { FormProblem } from '../../shared/formProblem';

export const MAX_LINK = 500;

/** An absolute http or https address (spec section 5: the link must start with http or https). */
export function isHttpUrl(value: string): boolean {
  const v = value.trim();
  if (!/^https?:\/\//i.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host !== '';
  } catch {
    return false;
  }
}

export function checkLink(linkType: LinkType | undefined, linkValue: string | number | undefined): FormProblem[] {
  const value = String(linkValue ?? '').trim();
  switch (linkType ?? 'none') {
    case 'url':
      if (!value) return [{ name: ['linkValue'], key: 'advert.rule.linkRequired' }];
      if (value.length > MAX_LINK) return [{ name: ['linkValue'], key: 'advert.rule.linkTooLong', values: { max: MAX_LINK } }];
      if (!isHttpUrl(value)) return [{ name: ['linkValue'], key: 'advert.rule.linkHttp' }];
      return [];
    case 'dish':
      return /^[1-9]\d*$/.test(value) ? [] : [{ name: ['linkValue'], key: 'advert.rule.dishRequired' }];
    default:
      return [];
  }
}
