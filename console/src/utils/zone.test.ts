import { afterEach, describe, expect, it } from 'vitest';
import { setStaffZone } from './staffZone';
import { formatInZone, formatStaffTime } from './zone';

describe('times in the venue zone', () => {
  afterEach(() => setStaffZone(undefined));

  it('reads an instant in the zone given, whatever the browser zone', () => {
    const at = '2026-11-26T16:30:00Z';
    expect(formatInZone(at, 'Asia/Shanghai')).toBe('2026-11-27 00:30:00');
    expect(formatInZone(at, 'America/New_York', 'YYYY-MM-DD HH:mm')).toBe('2026-11-26 11:30');
  });

  it('falls back to the staff zone from the session', () => {
    setStaffZone('Asia/Tokyo');
    expect(formatStaffTime('2026-11-26T16:30:00Z')).toBe('2026-11-27 01:30:00');
    expect(formatInZone('2026-11-26T16:30:00Z', '', 'HH:mm')).toBe('01:30');
  });

  it('leaves empty values empty and survives an unknown zone', () => {
    expect(formatInZone(null, 'Asia/Shanghai')).toBe('');
    expect(formatInZone('2026-11-26T16:30:00Z', 'Mars/Olympus', 'YYYY-MM-DD')).toMatch(/^2026-11-2[67]$/);
  });
});
