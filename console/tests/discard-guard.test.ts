import { describe, expect, it } from 'vitest';
import { closeOrAsk, isDirty, modalFormGuard } from '@/components/Sheet/guard';

/** a stand-in for the confirm dialog: records the question and answers as told */
function asker(answer: 'discard' | 'keep') {
  const asked: number[] = [];
  const ask = (discard: () => void) => {
    asked.push(1);
    if (answer === 'discard') discard();
  };
  return { ask, asked };
}

describe('discard guard', () => {
  it('reads a flag or asks a function at the moment of closing', () => {
    expect(isDirty(undefined)).toBe(false);
    expect(isDirty(false)).toBe(false);
    expect(isDirty(true)).toBe(true);
    let touched = false;
    const dirty = () => touched;
    expect(isDirty(dirty)).toBe(false);
    touched = true;
    expect(isDirty(dirty)).toBe(true);
  });

  it('closes an untouched form at once, without asking', () => {
    const { ask, asked } = asker('keep');
    let closed = 0;
    closeOrAsk(() => false, () => closed++, ask);
    expect(closed).toBe(1);
    expect(asked).toHaveLength(0);
  });

  it('asks before throwing away changed fields; keeping leaves the form open', () => {
    const keep = asker('keep');
    let closed = 0;
    closeOrAsk(() => true, () => closed++, keep.ask);
    expect(keep.asked).toHaveLength(1);
    expect(closed).toBe(0);

    const discard = asker('discard');
    closeOrAsk(() => true, () => closed++, discard.ask);
    expect(discard.asked).toHaveLength(1);
    expect(closed).toBe(1);
  });
});

describe('modal form guard', () => {
  it('asks on cancel with touched fields, and passes opening through', () => {
    const { ask, asked } = asker('keep');
    const calls: boolean[] = [];
    const guard = modalFormGuard(() => true, ask);
    const onOpenChange = guard.openChange((o) => calls.push(o));
    onOpenChange(true);
    onOpenChange(false);
    expect(calls).toEqual([true]);
    expect(asked).toHaveLength(1);
  });

  it('closes without asking after a successful save, and asks again on the next cancel', async () => {
    const { ask, asked } = asker('keep');
    const calls: boolean[] = [];
    const guard = modalFormGuard(() => true, ask);
    const onOpenChange = guard.openChange((o) => calls.push(o));
    const onFinish = guard.finish(async (v: { name: string }) => v.name === 'ok');

    expect(await onFinish({ name: 'ok' })).toBe(true);
    onOpenChange(false); // the ModalForm closes itself after a truthy onFinish
    expect(calls).toEqual([false]);
    expect(asked).toHaveLength(0);

    onOpenChange(false); // a later cancel of the same touched form asks again
    expect(calls).toEqual([false]);
    expect(asked).toHaveLength(1);
  });

  it('a failed save does not count as saved', async () => {
    const { ask, asked } = asker('discard');
    const calls: boolean[] = [];
    const guard = modalFormGuard(() => true, ask);
    const onOpenChange = guard.openChange((o) => calls.push(o));
    expect(await guard.finish(async () => false)()).toBe(false);
    onOpenChange(false);
    expect(asked).toHaveLength(1);
    expect(calls).toEqual([false]); // discarded after asking
  });

  it('reset forgets a save the form never reported as a close', async () => {
    const { ask, asked } = asker('keep');
    const guard = modalFormGuard(() => true, ask);
    await guard.finish(async () => true)();
    guard.reset(); // the form opened again
    guard.openChange(() => undefined)(false);
    expect(asked).toHaveLength(1);
  });
});
