/**
 * Rules of where an ad plays (spec section 5): the kinds of target each ad may choose and the
 * tablets they reach. They mirror the server (modules/advert); unit-tested in targetRules.test.ts
 * beside it.
 */
import type { Advert, Tablet, TargetType } from '@/services/advert';
import type { FormProblem } from '../../shared/formProblem';

/** Which ads play where: merchant ads in own venues or tablets; platform placements also in areas. */
export type AdvertKind = 'merchant' | 'platform' | 'request';

export function kindOf(ad: Pick<Advert, 'type' | 'request'>): AdvertKind {
  if (ad.request) return 'request';
  return ad.type === 'platform' ? 'platform' : 'merchant';
}

export function targetTypesOf(kind: AdvertKind): TargetType[] {
  switch (kind) {
    case 'request':
      return ['venue', 'area'];
    case 'platform':
      return ['venue', 'tablet', 'area'];
    default:
      return ['venue', 'tablet'];
  }
}

/**
 * The number of tablets an ad reaches, as the server counts it: enabled tablets of the chosen
 * venues, or the chosen tablets that are enabled. Undefined for areas (counted by the server).
 */
export function tabletsReached(
  targetType: TargetType | undefined,
  ids: number[] | undefined,
  tablets: Pick<Tablet, 'id' | 'venueId' | 'status'>[],
): number | undefined {
  const chosen = new Set(ids ?? []);
  if (targetType === 'venue') return tablets.filter((t) => t.status === 1 && chosen.has(t.venueId)).length;
  if (targetType === 'tablet') return tablets.filter((t) => t.status === 1 && chosen.has(t.id)).length;
  return undefined;
}

export function checkTargets(
  kind: AdvertKind,
  targetType: TargetType | undefined,
  targetIds: number[] | undefined,
  areaCodes: string[] | undefined,
): FormProblem[] {
  if (!targetType || !targetTypesOf(kind).includes(targetType))
    return [{ name: ['targetType'], key: 'advert.rule.targetTypeRequired' }];
  if (targetType === 'area') return (areaCodes ?? []).length ? [] : [{ name: ['areaCodes'], key: 'advert.rule.targetsRequired' }];
  return (targetIds ?? []).length ? [] : [{ name: ['targetIds'], key: 'advert.rule.targetsRequired' }];
}
