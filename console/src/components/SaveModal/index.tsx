import { Modal } from 'antd';
import React from 'react';
import FormAlert from '@/components/FormAlert';
import type { SaveFormState } from '@/hooks/useSaveForm';

/**
 * The add/edit modal of a form kept by useSaveForm: OK saves (`onOk`, loading while it runs),
 * closing asks before discarding touched fields, the alert sits above the form. Rendered while
 * closed too, so that the form instance is connected before it opens.
 */
const SaveModal: React.FC<{
  open: boolean;
  title: React.ReactNode;
  state: SaveFormState;
  onClose: () => void;
  onOk: () => void;
  okTestId: string;
  width?: number;
  children: React.ReactNode;
}> = ({ open, title, state, onClose, onOk, okTestId, width, children }) => (
  <Modal
    open={open}
    title={title}
    onCancel={state.guard(onClose)}
    onOk={onOk}
    confirmLoading={state.saving}
    okButtonProps={{ 'data-testid': okTestId } as never}
    width={width}
    destroyOnClose
    forceRender
  >
    <FormAlert message={state.alert} />
    {children}
  </Modal>
);

export default SaveModal;
