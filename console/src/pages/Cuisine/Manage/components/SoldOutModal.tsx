/**
 * Confirmation of marking dishes sold out (spec section 4: each change is confirmed), with an
 * optional time at which they come back by themselves (a wall-clock time of the merchant).
 */
import { DatePicker, Form, Modal, Typography, type ButtonProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React, { useState } from 'react';
import FormAlert from '@/components/FormAlert';
import { markSoldOut } from '@/services/cuisine';
import { errorText } from '@/utils/errors';
import { t } from '../../shared/text';

const WALL = 'YYYY-MM-DD HH:mm:ss';

const SoldOutModal: React.FC<{
  /** dishes to mark; undefined closes the modal */
  target?: { ids: number[]; label: string };
  onClose: () => void;
  onDone: () => void;
}> = ({ target, onClose, onDone }) => {
  const [restoreAt, setRestoreAt] = useState<Dayjs | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const presets = [
    { label: t('cuisine.soldOut.preset.1h'), value: dayjs().add(1, 'hour').startOf('minute') },
    { label: t('cuisine.soldOut.preset.tonight'), value: dayjs().hour(17).minute(0).second(0) },
    { label: t('cuisine.soldOut.preset.tomorrow'), value: dayjs().add(1, 'day').hour(10).minute(0).second(0) },
  ].filter((p) => p.value.isAfter(dayjs()));
  return (
    <Modal
      open={!!target}
      title={t('cuisine.soldOut.confirmTitle')}
      okText={t('cuisine.soldOut.mark')}
      okButtonProps={{ danger: true, loading: busy, 'data-testid': 'soldout-ok' } as ButtonProps}
      onCancel={onClose}
      destroyOnClose
      afterOpenChange={(open) => {
        if (!open) {
          setRestoreAt(null);
          setError(undefined);
        }
      }}
      onOk={async () => {
        if (!target) return;
        setBusy(true);
        setError(undefined);
        try {
          await markSoldOut(target.ids, restoreAt ? restoreAt.format(WALL) : undefined);
          onDone();
        } catch (e) {
          setError(errorText(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Typography.Paragraph data-testid="soldout-question">
        {t('cuisine.soldOut.confirm', { name: target?.label ?? '' })}
      </Typography.Paragraph>
      <FormAlert message={error} gap={12} />
      <Form layout="vertical">
        <Form.Item label={t('cuisine.soldOut.restoreAt')} extra={t('cuisine.soldOut.restoreAt.hint')}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={restoreAt}
            onChange={setRestoreAt}
            presets={presets}
            disabledDate={(d) => d.isBefore(dayjs().startOf('day')) || d.isAfter(dayjs().add(365, 'day'))}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

export default SoldOutModal;
