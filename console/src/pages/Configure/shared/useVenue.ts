import { useModel } from '@umijs/max';
import { useCallback, useEffect, useState } from 'react';
import { myVenues, type VenueRef } from '@/services/shop';

const STORAGE_KEY = 'venue.configure.venue';

/**
 * The venue a configuration page works on: venue staff their own; a merchant's staff pick one
 * of their venues (remembered across the configuration pages). `venueId` is undefined until
 * the venues are known.
 */
export function useVenue() {
  const { initialState } = useModel('@@initialState');
  const ownVenue = initialState?.currentUser?.venueId || 0;
  const [venues, setVenues] = useState<VenueRef[]>([]);
  const [venueId, setVenueId] = useState<number>();
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let alive = true;
    myVenues()
      .then((list) => {
        if (!alive) return;
        setVenues(list);
        const remembered = Number(localStorage.getItem(STORAGE_KEY) || 0);
        const pick =
          (ownVenue && list.find((v) => v.id === ownVenue)) ||
          list.find((v) => v.id === remembered) ||
          list[0];
        setVenueId(pick?.id);
      })
      .catch(() => setVenues([]))
      .finally(() => alive && setLoaded(true));
    return () => {
      alive = false;
    };
  }, [ownVenue]);

  const choose = useCallback((id: number) => {
    localStorage.setItem(STORAGE_KEY, String(id));
    setVenueId(id);
  }, []);

  const venue = venues.find((v) => v.id === venueId);
  return { venues, venueId, venue, choose, loaded, fixed: !!ownVenue || venues.length <= 1 };
}
