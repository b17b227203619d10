import { describe, expect, it } from 'vitest';
import { statusAsNumber } from './status';

describe('list filters', () => {
  it('sends the status filter as a number', () => {
    expect(statusAsNumber({ current: 1, status: '0', name: '' })).toEqual({ status: 0 });
    expect(statusAsNumber({ name: 'a' })).toEqual({ name: 'a' });
  });
});
