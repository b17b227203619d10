import { describe, expect, it } from 'vitest';
import { displayStatus } from './status';

describe('status shown', () => {
  it('shows submitting between publishing and the start of the review', () => {
    expect(displayStatus({ status: 'draft', submitting: true })).toBe('submitting');
    expect(displayStatus({ status: 'rejected', submitting: false })).toBe('rejected');
  });
});
