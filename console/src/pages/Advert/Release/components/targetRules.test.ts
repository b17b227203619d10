import { describe, expect, it } from 'vitest';
import { tabletsReached, targetTypesOf } from './targetRules';

describe('targets', () => {
  const tablets = [
    { id: 1, venueId: 3, status: 1 as const },
    { id: 2, venueId: 3, status: 1 as const },
    { id: 3, venueId: 3, status: 0 as const },
    { id: 4, venueId: 5, status: 1 as const },
  ];

  it('counts the enabled tablets reached', () => {
    expect(tabletsReached('venue', [3], tablets)).toBe(2);
    expect(tabletsReached('venue', [3, 5], tablets)).toBe(3);
    expect(tabletsReached('tablet', [1, 3], tablets)).toBe(1);
    expect(tabletsReached('area', [], tablets)).toBeUndefined();
  });

  it('offers areas only to platform placements', () => {
    expect(targetTypesOf('merchant')).toEqual(['venue', 'tablet']);
    expect(targetTypesOf('platform')).toEqual(['venue', 'tablet', 'area']);
    expect(targetTypesOf('request')).toEqual(['venue', 'area']);
  });
});
