/**
 * The ad form as a whole (spec section 5): every rule at once, the body to send, a saved ad
 * read back into the form, and where the server's field errors go; unit-tested in
 * advertForm.test.ts beside it. The server's field errors are shown on the same fields when it
 * disagrees.
 */
import type { Advert, AdvertInput, LinkType, MaterialType, TargetType } from '@/services/advert';
import type { FieldPlacement } from '@/utils/fieldErrors';
import type { FormProblem } from '../../shared/formProblem';
import { checkMaterials, type MaterialFormValue } from '../../shared/materialRules';
import { checkPeriod, windowToForm, windowToInput } from '../../shared/periodRules';
import { checkLink } from './linkRules';
import { checkTargets, type AdvertKind } from './targetRules';

export const MAX_TITLE = 128;

export interface AdvertFormValues {
  title?: string;
  materialType?: MaterialType;
  materials?: MaterialFormValue[];
  /** [startDate, endDate] YYYY-MM-DD */
  period?: [string, string] | null;
  allDay?: boolean;
  /** [start, end] HH:mm */
  daily?: [string, string] | null;
  targetType?: TargetType;
  targetIds?: number[];
  areaCodes?: string[];
  linkType?: LinkType;
  /** URL, or the dish id */
  linkValue?: string | number;
}

/** Every rule of the ad form at once, and the body to send when there is no problem. */
export function buildAdvertInput(
  values: AdvertFormValues,
  kind: AdvertKind,
  today: string,
): { problems: FormProblem[]; input?: AdvertInput } {
  const title = (values.title ?? '').trim();
  const problems: FormProblem[] = [];
  if (!title) problems.push({ name: ['title'], key: 'advert.rule.titleRequired' });
  else if ([...title].length > MAX_TITLE) problems.push({ name: ['title'], key: 'advert.rule.titleTooLong', values: { max: MAX_TITLE } });
  problems.push(
    ...checkMaterials(values.materialType, values.materials),
    ...checkPeriod(values.period, values.allDay, values.daily, today),
    ...checkTargets(kind, values.targetType, values.targetIds, values.areaCodes),
    ...checkLink(values.linkType, values.linkValue),
  );
  if (problems.length) return { problems };
  const linkType = values.linkType ?? 'none';
  const input: AdvertInput = {
    title,
    materialType: values.materialType,
    materials: (values.materials ?? []).map((m) => ({ url: (m.url ?? '').trim(), duration: m.duration ?? undefined })),
    startDate: values.period?.[0] ?? '',
    endDate: values.period?.[1] ?? '',
    ...windowToInput(values.allDay, values.daily),
    targetType: values.targetType,
    targetIds: values.targetType === 'area' ? [] : (values.targetIds ?? []),
    areaCodes: values.targetType === 'area' ? (values.areaCodes ?? []) : [],
    linkType,
    linkValue: linkType === 'none' ? '' : String(values.linkValue ?? '').trim(),
  };
  if (kind === 'request') input.request = true;
  else input.type = kind;
  return { problems, input };
}

/** A saved ad as the form edits it. */
export function advertToForm(ad: Advert & { targets?: { kind: TargetType; id?: number; areaCode?: string }[] }): AdvertFormValues {
  const targets = ad.targets ?? [];
  return {
    title: ad.title,
    materialType: ad.materialType,
    materials: ad.materials.map((m) => ({ url: m.url, duration: m.duration })),
    period: ad.startDate && ad.endDate ? [ad.startDate, ad.endDate] : null,
    ...windowToForm(ad.dailyStart, ad.dailyEnd),
    targetType: ad.targetType,
    targetIds: targets.filter((t) => t.kind !== 'area' && t.id).map((t) => t.id as number),
    areaCodes: targets.filter((t) => t.kind === 'area' && t.areaCode).map((t) => t.areaCode as string),
    linkType: ad.linkType || 'none',
    linkValue: ad.linkType === 'none' ? undefined : ad.linkType === 'dish' ? Number(ad.linkValue) || undefined : ad.linkValue,
  };
}

/**
 * Server field errors -> fields of the ad form. startDate/endDate sit on the period,
 * dailyStart/dailyEnd on the daily window, materials[i].url on the materials list.
 */
export const advertFieldPlacement: FieldPlacement = (path) => {
  const head = String(path[0]);
  if (head === 'startDate' || head === 'endDate') return ['period'];
  if (head === 'dailyStart' || head === 'dailyEnd') return ['daily'];
  if (head === 'materials' && path.length === 3 && path[2] === 'duration') return path;
  if (head === 'materials') return ['materials'];
  const known = ['title', 'materialType', 'targetType', 'targetIds', 'areaCodes', 'linkType', 'linkValue'];
  return known.includes(head) ? [head] : undefined;
};
