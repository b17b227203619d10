import { describe, expect, it } from 'vitest';
import type { Advert, AdvertAction } from '@/services/advert';
import { actionButtons, needsRefresh } from './actionRules';

describe('status and actions -> buttons', () => {
  const ad = (over: Partial<Advert>): Advert =>
    ({ merchantId: 2, type: 'merchant', submitting: false, status: 'draft', actions: [], ...over }) as Advert;
  const all = () => true;
  const merchant = { platform: false, can: all };
  const platform = { platform: true, can: all };

  it('offers what the status allows, in a fixed order', () => {
    expect(actionButtons(ad({ actions: ['delete', 'publish', 'edit'] }), merchant)).toEqual(['edit', 'publish', 'delete']);
    expect(actionButtons(ad({ status: 'pending', actions: ['withdraw'] }), merchant)).toEqual(['withdraw']);
    expect(actionButtons(ad({ status: 'approved', actions: ['takedown'] }), merchant)).toEqual(['takedown']);
    expect(actionButtons(ad({ status: 'ended', actions: ['delete'] }), merchant)).toEqual(['delete']);
  });

  it('offers nothing while the ad is being submitted', () => {
    expect(actionButtons(ad({ submitting: true, actions: ['edit', 'publish'] }), merchant)).toEqual([]);
  });

  it('lets the platform only take a merchant ad down', () => {
    expect(actionButtons(ad({ actions: ['edit', 'publish', 'delete'] }), platform)).toEqual([]);
    expect(actionButtons(ad({ status: 'approved', actions: ['takedown'] }), platform)).toEqual(['takedown']);
    expect(actionButtons(ad({ merchantId: 0, type: 'platform', actions: ['edit', 'publish', 'delete'] }), platform)).toEqual([
      'edit',
      'publish',
      'delete',
    ]);
  });

  it('keeps a merchant from taking down its platform placement', () => {
    expect(
      actionButtons(ad({ type: 'platform', request: true, status: 'approved', actions: ['takedown'] }), merchant),
    ).toEqual([]);
  });

  it('hides what the operation codes do not grant', () => {
    const editOnly = { platform: false, can: (c: string) => c === 'advert:release:edit' };
    expect(actionButtons(ad({ actions: ['edit', 'publish', 'delete'] }), editOnly)).toEqual(['edit', 'publish']);
    const readOnly = { platform: false, can: () => false };
    expect(actionButtons(ad({ status: 'approved', actions: ['takedown'] }), readOnly)).toEqual([]);
  });

  it('refreshes when a lifecycle answer does not show the new status yet', () => {
    const cases: [AdvertAction, Pick<Advert, 'status' | 'submitting'>, boolean][] = [
      ['publish', { status: 'pending', submitting: false }, false],
      ['publish', { status: 'draft', submitting: true }, true],
      ['withdraw', { status: 'draft', submitting: false }, false],
      ['withdraw', { status: 'pending', submitting: false }, true],
      ['takedown', { status: 'ended', submitting: false }, false],
      ['takedown', { status: 'approved', submitting: false }, true],
      ['delete', { status: 'draft', submitting: false }, false],
    ];
    for (const [action, answer, expected] of cases) expect(needsRefresh(action, answer), action).toBe(expected);
  });
});
