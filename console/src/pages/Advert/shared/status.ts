/** The status an ad shows in a list or a tag, and its colour; unit-tested in status.test.ts beside it. */
import type { Advert, AdvertStatus } from '@/services/advert';

/** The status a list shows: "submitting" between publishing and the start of the review. */
export type DisplayStatus = AdvertStatus | 'submitting';

export function displayStatus(ad: Pick<Advert, 'status' | 'submitting'>): DisplayStatus {
  return ad.submitting ? 'submitting' : ad.status;
}

export const STATUS_COLORS: Record<DisplayStatus, string> = {
  draft: 'default',
  submitting: 'processing',
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  ended: 'default',
};
