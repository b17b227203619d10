import { useModel } from '@umijs/max';
import { useCallback, useEffect, useState } from 'react';
import { allTablets, getDisplay, type Tablet } from '@/services/advert';
import { orgTree, type OrgNode } from '@/services/sys-admin';

/** The logged-in user's side: the platform (no merchant) or a merchant (with its venue, if any). */
export function useUserSide() {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  return { platform: !user?.merchantId, merchantId: user?.merchantId ?? 0, venueId: user?.venueId ?? 0 };
}

export interface VenueOption {
  id: number;
  name: string;
  merchantId: number;
  merchantName: string;
  enabled: boolean;
}

/** The venues in a user's organisation tree (merchant name from the venue's parent). */
export function venuesOfTree(roots: OrgNode[]): VenueOption[] {
  const out: VenueOption[] = [];
  const walk = (nodes: OrgNode[], merchantName: string) =>
    nodes.forEach((n) => {
      if (n.type === 'venue')
        out.push({ id: n.id, name: n.name, merchantId: n.merchantId, merchantName, enabled: n.status === 1 });
      walk(n.children ?? [], n.type === 'merchant' ? n.name : merchantName);
    });
  walk(roots, '');
  return out;
}

/**
 * Venues for the pickers: the organisation tree (sys:org query); without it, a merchant's venues
 * from the in-store display (advert:release query).
 */
export function useVenues(enabled = true) {
  const [venues, setVenues] = useState<VenueOption[]>([]);
  const [loading, setLoading] = useState(false);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setVenues(venuesOfTree(await orgTree(true)));
    } catch {
      try {
        const display = await getDisplay(undefined, true);
        setVenues(display.map((d) => ({ id: d.venueId, name: d.venueName, merchantId: 0, merchantName: '', enabled: true })));
      } catch {
        setVenues([]);
      }
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    if (enabled) load();
  }, [enabled, load]);
  return { venues, loading, reload: load };
}

/** Every tablet the user may see (advert:tablet query), for the tablet picker and the counts. */
export function useTablets(enabled = true) {
  const [tablets, setTablets] = useState<Tablet[]>([]);
  const [loading, setLoading] = useState(false);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setTablets(await allTablets());
    } catch {
      setTablets([]);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    if (enabled) load();
  }, [enabled, load]);
  return { tablets, loading, reload: load };
}
