import { App, Drawer, type DrawerProps, type ModalFuncProps } from 'antd';
import React, { useCallback, useEffect, useRef } from 'react';
import { closeOrAsk, modalFormGuard, type Dirty } from './guard';
import { useIsPhone } from '@/hooks/useIsPhone';
import { formatMessage } from '@/utils/intl';

const t = (id: string) => formatMessage({ id });

/** The confirm dialog shown before unsaved input is thrown away. */
export const discardConfirm = (onDiscard: () => void): ModalFuncProps => ({
  title: t('ui.discard.title'),
  content: t('ui.discard.content'),
  okText: t('ui.discard.ok'),
  cancelText: t('ui.discard.keep'),
  okButtonProps: { danger: true, 'data-testid': 'discard-ok' } as ModalFuncProps['okButtonProps'],
  cancelButtonProps: { 'data-testid': 'discard-keep' } as ModalFuncProps['cancelButtonProps'],
  onOk: onDiscard,
});

/**
 * `guard(close)` answers a close handler that first asks "Discard your changes?" when
 * `dirty()` says there is unsaved input, for drawers and modals that are not a Sheet
 * (e.g. a ModalForm's `onCancel`). Pass `form.isFieldsTouched` as `dirty` for an antd form.
 */
export function useDiscardGuard(dirty?: Dirty) {
  const { modal } = App.useApp();
  return useCallback(
    (close: () => void) => () => closeOrAsk(dirty, close, (discard) => modal.confirm(discardConfirm(discard))),
    [dirty, modal],
  );
}

/**
 * The discard guard for a ProComponents `ModalForm`/`DrawerForm`:
 * `onOpenChange={guard.openChange(onOpenChange)}` asks "Discard your changes?" when the form is
 * closed (Esc, the close button, Cancel) with touched fields; `onFinish={guard.finish(async ...)}`
 * lets a successful save close without asking. An untouched form closes at once.
 */
export function useModalFormGuard(form: { isFieldsTouched: () => boolean }, open: boolean) {
  const { modal } = App.useApp();
  const formRef = useRef(form);
  formRef.current = form;
  const ref = useRef<ReturnType<typeof modalFormGuard>>();
  if (!ref.current)
    ref.current = modalFormGuard(
      () => formRef.current.isFieldsTouched(),
      (discard) => modal.confirm(discardConfirm(discard)),
    );
  const guard = ref.current;
  useEffect(() => {
    if (open) guard.reset();
  }, [open, guard]);
  return guard;
}

export interface SheetProps extends Omit<DrawerProps, 'onClose'> {
  onClose: () => void;
  /** unsaved input: closing (Esc, a click outside, the close button) asks before discarding it */
  dirty?: Dirty;
  testId?: string;
}

/**
 * A drawer that is a full-screen sheet on phones (below 768 px) and keeps its width on wider
 * screens; with `dirty` it asks before unsaved input is lost on Esc or a click outside.
 */
const Sheet: React.FC<SheetProps> = ({ dirty, onClose, width, testId, styles, ...rest }) => {
  const phone = useIsPhone();
  const guard = useDiscardGuard(dirty);
  return (
    <Drawer
      {...rest}
      width={phone ? '100%' : (width ?? 520)}
      onClose={guard(onClose)}
      rootClassName={[rest.rootClassName, phone ? 'venue-sheet-phone' : ''].filter(Boolean).join(' ')}
      styles={phone ? { ...styles, body: { padding: 16, ...(styles?.body ?? {}) } } : styles}
    >
      {testId ? <div data-testid={testId}>{rest.children}</div> : rest.children}
    </Drawer>
  );
};

export default Sheet;
