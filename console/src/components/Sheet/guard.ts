/**
 * The decisions behind the discard guard, free of React and antd so they can be unit-tested
 * (tests/discard-guard.test.ts). `Sheet`, `useDiscardGuard` and `useModalFormGuard` use them.
 */

/** unsaved input: a flag, or a function asked at the moment of closing (e.g. `form.isFieldsTouched`) */
export type Dirty = boolean | (() => boolean) | undefined;

export const isDirty = (dirty: Dirty): boolean => (typeof dirty === 'function' ? dirty() : !!dirty);

/**
 * Closes at once when nothing is unsaved; otherwise hands `close` to `ask`, which shows
 * "Discard your changes?" and calls it only when the user chooses to discard.
 */
export function closeOrAsk(dirty: Dirty, close: () => void, ask: (discard: () => void) => void): void {
  if (isDirty(dirty)) ask(close);
  else close();
}

/**
 * The state a ModalForm's guard keeps: a ModalForm reports both a cancel (Esc, the close button,
 * Cancel) and a successful save as `onOpenChange(false)`; only the cancel may ask.
 */
export function modalFormGuard(dirty: Dirty, ask: (discard: () => void) => void) {
  let saved = false;
  return {
    /** forgets an earlier save: call when the form opens again */
    reset() {
      saved = false;
    },
    /** wraps the form's `onFinish`: a truthy result (the ModalForm closes itself) is a save */
    finish<A extends unknown[], R>(fn: (...args: A) => Promise<R> | R) {
      return async (...args: A): Promise<R> => {
        const result = await fn(...args);
        if (result) saved = true;
        return result;
      };
    },
    /** wraps the owner's `onOpenChange`: closing without a save asks when input is unsaved */
    openChange(onOpenChange: (open: boolean) => void) {
      return (open: boolean) => {
        if (open) {
          saved = false;
          onOpenChange(true);
          return;
        }
        if (saved) {
          saved = false;
          onOpenChange(false);
          return;
        }
        closeOrAsk(dirty, () => onOpenChange(false), ask);
      };
    },
  };
}
