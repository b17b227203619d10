/** An ad's review history in words; unit-tested in timeline.test.ts beside it. */

export interface TimelineLine {
  /** locale key of the line */
  key: string;
  values: Record<string, string>;
  color: 'blue' | 'green' | 'red' | 'gray' | 'orange';
  /** an audit opinion, a takedown reason, a comment */
  comment?: string;
}

/** One entry of the ad's review history in words (the reviewer's form opinion counts as comment). */
export function timelineLine(e: {
  kind: string;
  node: string;
  action?: string;
  actor?: string;
  comment?: string;
  data?: Record<string, unknown>;
}): TimelineLine {
  const values = { actor: e.actor ?? '', node: e.node ?? '', action: e.action ?? '', kind: e.kind };
  const form = (e.data?.form ?? {}) as Record<string, unknown>;
  const opinion = typeof form.opinion === 'string' ? form.opinion.trim() : '';
  const comment = [e.comment?.trim(), opinion && opinion !== e.comment?.trim() ? opinion : '']
    .filter(Boolean)
    .join(' · ') || undefined;
  switch (e.kind) {
    case 'started':
      return { key: 'advert.timeline.started', values, color: 'blue', comment };
    case 'taskCreated':
      return { key: 'advert.timeline.taskCreated', values, color: 'gray' };
    case 'task':
      switch (e.action) {
        case 'approve':
          return { key: 'advert.timeline.approved', values, color: 'green', comment };
        case 'reject':
          return { key: 'advert.timeline.rejected', values, color: 'red', comment };
        case 'complete':
          return { key: 'advert.timeline.completed', values, color: 'blue', comment };
        case 'claim':
          return { key: 'advert.timeline.claimed', values, color: 'gray' };
        default:
          return { key: 'advert.timeline.task', values, color: 'gray', comment };
      }
    case 'timerFired':
      return { key: 'advert.timeline.periodOver', values, color: 'gray' };
    case 'messageReceived':
      if (e.data?.message === 'takedown') return { key: 'advert.timeline.takedown', values, color: 'red', comment };
      if (e.data?.message === 'withdraw') return { key: 'advert.timeline.withdrawn', values, color: 'orange', comment };
      return { key: 'advert.timeline.message', values: { ...values, message: String(e.data?.message ?? '') }, color: 'gray', comment };
    case 'instanceEnded':
      return { key: 'advert.timeline.ended', values, color: 'gray' };
    default:
      return { key: 'advert.timeline.other', values, color: 'gray', comment };
  }
}
