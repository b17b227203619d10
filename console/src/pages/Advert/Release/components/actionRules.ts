/**
 * The buttons an ad offers and what a lifecycle call leads to; unit-tested in actionRules.test.ts
 * beside it.
 */
import type { Advert, AdvertAction, AdvertStatus } from '@/services/advert';

export const MAX_REASON = 500;

const ACTION_ORDER: AdvertAction[] = ['edit', 'publish', 'withdraw', 'takedown', 'delete'];

/** The operation each action needs (advert:release). */
export const ACTION_CODES: Record<AdvertAction, string> = {
  edit: 'advert:release:edit',
  publish: 'advert:release:edit',
  withdraw: 'advert:release:edit',
  takedown: 'advert:release:edit',
  delete: 'advert:release:delete',
};

/**
 * The buttons an ad offers the user: the actions its status allows now (the server's
 * `actions`), less what this user may not do — the platform only takes merchants' ads down
 * (it reviews them in the inbox and never changes them), a merchant takes down only its own
 * merchant ads (not its "I want to advertise" placements), and each needs its operation code.
 */
export function actionButtons(
  ad: Pick<Advert, 'actions' | 'merchantId' | 'type' | 'submitting'>,
  user: { platform: boolean; can: (code: string) => boolean },
): AdvertAction[] {
  if (ad.submitting) return [];
  const allowed = new Set(ad.actions ?? []);
  return ACTION_ORDER.filter((a) => {
    if (!allowed.has(a)) return false;
    if (user.platform && ad.merchantId !== 0 && a !== 'takedown') return false;
    if (!user.platform && a === 'takedown' && ad.type !== 'merchant') return false;
    return user.can(ACTION_CODES[a]);
  });
}

/** The status a lifecycle call leads to, to tell whether its answer already shows it. */
export const EXPECTED_STATUS: Partial<Record<AdvertAction, AdvertStatus>> = {
  publish: 'pending',
  withdraw: 'draft',
  takedown: 'ended',
};

/** True when the answer of a lifecycle call does not show the new status yet (refresh shortly). */
export function needsRefresh(action: AdvertAction, answer: Pick<Advert, 'status' | 'submitting'>): boolean {
  const expected = EXPECTED_STATUS[action];
  if (!expected) return false;
  if (action === 'withdraw') return answer.status !== 'draft';
  return answer.submitting || answer.status !== expected;
}
