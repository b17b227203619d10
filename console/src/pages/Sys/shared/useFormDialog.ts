import { useState } from 'react';

/** The add/edit dialog's state: a key that remounts the form, whether it is open, what it works on. */
export type FormDialog<C> = { key: number; open: boolean } & Partial<C>;

/**
 * The add/edit dialog of a sys page. `show(context)` opens it fresh (a new key remounts the form,
 * so nothing typed before stays) with what it works on: the row to edit, a parent, or nothing to
 * add; `setOpen` is the form's onOpenChange.
 */
export function useFormDialog<C extends object>() {
  const [dialog, setDialog] = useState<FormDialog<C>>({ key: 0, open: false } as FormDialog<C>);
  const show = (context?: C) =>
    setDialog((d) => ({ ...context, key: d.key + 1, open: true }) as FormDialog<C>);
  const setOpen = (open: boolean) => setDialog((d) => ({ ...d, open }));
  return [dialog, show, setOpen] as const;
}
