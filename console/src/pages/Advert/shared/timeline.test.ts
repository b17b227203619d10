import { describe, expect, it } from 'vitest';
import { timelineLine } from './timeline';

describe('review timeline', () => {
  it('words each entry, with opinions and takedown reasons as comments', () => {
    expect(timelineLine({ kind: 'started', node: '' }).key).toBe('advert.timeline.started');
    expect(timelineLine({ kind: 'taskCreated', node: 'Review ad' })).toMatchObject({
      key: 'advert.timeline.taskCreated',
      values: { node: 'Review ad' },
    });
    expect(
      timelineLine({ kind: 'task', node: 'Review ad', action: 'approve', actor: 'Pat', comment: 'Fine', data: { form: { opinion: 'Nice' } } }),
    ).toMatchObject({ key: 'advert.timeline.approved', color: 'green', comment: 'Fine · Nice' });
    expect(timelineLine({ kind: 'task', node: 'Review ad', action: 'reject', actor: 'Pat', comment: 'Blurry' })).toMatchObject({
      key: 'advert.timeline.rejected',
      color: 'red',
      comment: 'Blurry',
    });
    expect(
      timelineLine({ kind: 'messageReceived', node: '', actor: 'Alex', comment: 'Menu changed', data: { message: 'takedown' } }),
    ).toMatchObject({ key: 'advert.timeline.takedown', comment: 'Menu changed' });
    expect(timelineLine({ kind: 'messageReceived', node: '', data: { message: 'withdraw' } }).key).toBe('advert.timeline.withdrawn');
    expect(timelineLine({ kind: 'timerFired', node: 'Broadcast period over' }).key).toBe('advert.timeline.periodOver');
    expect(timelineLine({ kind: 'somethingNew', node: 'X' })).toMatchObject({
      key: 'advert.timeline.other',
      values: { kind: 'somethingNew', node: 'X' },
    });
  });
});
