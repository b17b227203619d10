/**
 * The lifecycle actions of an ad with their confirmations and messages: publish ('Publish
 * Succeed'), withdraw, take down by force (confirmation with a reason), delete ('Delete
 * Succeed'). Publish, withdraw and takedown answer once the process applied the new status or
 * after 2 s; when the answer does not show it yet, the ad is read again shortly after.
 */
import { Alert, App, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import { useRef, useState } from 'react';
import {
  deleteAdvert,
  publishAdvert,
  takedownAdvert,
  withdrawAdvert,
  type Advert,
  type AdvertAction,
  type AdvertDetail,
} from '@/services/advert';
import { errorText } from '@/utils/errors';
import { feedback } from '@/utils/feedback';
import { formatMessage } from '@/utils/intl';
import { t } from '../../shared/text';
import { MAX_REASON, needsRefresh } from './actionRules';
import { useDiscardGuard } from '@/components/Sheet';

export interface ActionCallbacks {
  /** the ad changed (answer of the call, when there is one) or was deleted */
  onChanged: (ad?: AdvertDetail, deletedId?: number) => void;
  onEdit: (ad: Advert) => void;
}

export function useAdvertActions({ onChanged, onEdit }: ActionCallbacks) {
  const { modal } = App.useApp();
  const [takedown, setTakedown] = useState<Advert>();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const guardTakedown = useDiscardGuard(() => !!reason.trim());
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  /** The status may still be on its way: read again after 1.5 s and 4 s. */
  const settle = (action: AdvertAction, answer: AdvertDetail) => {
    onChanged(answer);
    if (!needsRefresh(action, answer)) return;
    timers.current.forEach(clearTimeout);
    timers.current = [1500, 4000].map((ms) => setTimeout(() => onChanged(), ms));
  };

  const confirm = (ad: Advert, action: 'publish' | 'withdraw' | 'delete') =>
    modal.confirm({
      title: t(`advert.confirm.${action}.title`),
      content: t(`advert.confirm.${action}`, { title: ad.title }),
      okButtonProps: { 'data-testid': 'confirm-ok', danger: action === 'delete' } as ButtonProps,
      onOk: async () => {
        try {
          if (action === 'delete') {
            await deleteAdvert(ad.id);
            feedback.success(formatMessage({ id: 'common.deleteSucceed' }));
            onChanged(undefined, ad.id);
            return;
          }
          const answer = action === 'publish' ? await publishAdvert(ad.id) : await withdrawAdvert(ad.id);
          feedback.success(
            action === 'publish'
              ? `${formatMessage({ id: 'common.publishSucceed' })} · ${formatMessage({ id: 'ui.sentForReview' })}`
              : formatMessage({ id: 'common.modifySucceed' }),
          );
          settle(action, answer);
        } catch {
          // the request layer showed the server's message; the list shows the ad as it is now
          onChanged();
        }
      },
    });

  const run = (ad: Advert, action: AdvertAction) => {
    switch (action) {
      case 'edit':
        onEdit(ad);
        break;
      case 'takedown':
        setReason('');
        setError(undefined);
        setTakedown(ad);
        break;
      default:
        confirm(ad, action);
    }
  };

  const submitTakedown = async () => {
    if (!takedown) return;
    if (!reason.trim()) {
      setError(t('advert.takedown.reasonRequired'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await takedownAdvert(takedown.id, reason.trim());
      feedback.success(formatMessage({ id: 'common.modifySucceed' }));
      setTakedown(undefined);
      settle('takedown', answer);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const element = (
    <Modal
      open={!!takedown}
      title={t('advert.takedown.title')}
      onCancel={guardTakedown(() => setTakedown(undefined))}
      onOk={submitTakedown}
      confirmLoading={busy}
      okText={t('advert.action.takedown')}
      okButtonProps={{ danger: true, 'data-testid': 'advert-takedown-ok' } as ButtonProps}
      destroyOnClose
    >
      <Typography.Paragraph>{t('advert.takedown.confirm', { title: takedown?.title ?? '' })}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item
          label={t('advert.takedown.reason')}
          required
          validateStatus={error && !reason.trim() ? 'error' : undefined}
          help={error && !reason.trim() ? error : undefined}
        >
          <Input.TextArea
            rows={3}
            maxLength={MAX_REASON}
            showCount
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="advert-takedown-reason"
          />
        </Form.Item>
      </Form>
      {error && reason.trim() ? <Alert type="error" showIcon message={error} /> : null}
    </Modal>
  );

  return { run, element };
}
