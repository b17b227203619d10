/**
 * Pair a tablet: asks the server for a pairing offer and shows its QR code (the pairing page
 * address) and the short code in large type, with the time left. The tablet app scans the code
 * (or its staff types it) and redeems it once; an expired code can be replaced from here.
 * While the code is valid the dialog polls the offer's state every two seconds and closes
 * itself, with a success message, once the tablet has redeemed it (the list then reloads).
 */
import { Alert, App, Button, Modal, QRCode, Space, Spin, Typography } from 'antd';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { createPairing, pairingStatus, type PairingOffer, type Tablet } from '@/services/advert';
import { t } from '../../shared/text';
import { countdown, groupCode, pairingUrl, secondsLeft } from '../pairing';

export interface PairModalProps {
  /** the tablet being paired; undefined = closed */
  tablet?: Tablet;
  onClose: () => void;
}

/** how often the dialog asks whether the tablet has redeemed the code, in ms */
export const PAIR_POLL_MS = 2000;

const PairModal: React.FC<PairModalProps> = ({ tablet, onClose }) => {
  const { message } = App.useApp();
  // the parent passes a fresh onClose each render; the poll must not restart with it
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const [offer, setOffer] = useState<PairingOffer>();
  const [loading, setLoading] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  const offerCode = useCallback(async (id: number) => {
    setLoading(true);
    setOffer(undefined);
    try {
      setOffer(await createPairing(id));
      setNow(Date.now());
    } catch {
      /* shown by the request layer */
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (tablet) offerCode(tablet.id);
    else setOffer(undefined);
  }, [tablet, offerCode]);

  useEffect(() => {
    if (!offer) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [offer]);

  const live = !!offer && secondsLeft(offer.expiresAt, Date.now()) > 0;
  useEffect(() => {
    if (!tablet || !offer || !live) return undefined;
    let stopped = false;
    const timer = window.setInterval(async () => {
      try {
        const s = await pairingStatus(tablet.id);
        if (stopped || s.status !== 'redeemed') return;
        stopped = true;
        window.clearInterval(timer);
        message.success(t('advert.tablet.paired', { number: tablet.number }));
        closeRef.current();
      } catch {
        /* a failed poll is retried at the next tick */
      }
    }, PAIR_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [tablet, offer, live, message]);

  const left = offer ? secondsLeft(offer.expiresAt, now) : 0;
  const url = offer ? pairingUrl(offer, window.location.origin) : '';

  return (
    <Modal
      open={!!tablet}
      title={tablet ? t('advert.tablet.pairTitle', { number: tablet.number }) : undefined}
      onCancel={onClose}
      destroyOnClose
      footer={
        <Button type="primary" onClick={onClose} data-testid="pair-close">
          {t('advert.tablet.keyDone')}
        </Button>
      }
    >
      <div data-testid="pair-modal" style={{ textAlign: 'center' }}>
        {loading || !offer ? (
          <Spin />
        ) : (
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('advert.tablet.pairScan')}</Typography.Text>
            <QRCode
              value={url}
              size={220}
              status={left > 0 ? 'active' : 'expired'}
              onRefresh={() => tablet && offerCode(tablet.id)}
            />
            <Typography.Text
              data-testid="pair-code"
              data-code={offer.code}
              style={{
                fontSize: 36,
                fontFamily: 'monospace',
                fontWeight: 600,
                letterSpacing: '0.12em',
              }}
              copyable={{ text: offer.code }}
            >
              {groupCode(offer.code)}
            </Typography.Text>
            {left > 0 ? (
              <Typography.Text type="secondary" data-testid="pair-expires">
                {t('advert.tablet.pairExpiresIn', { time: countdown(left) })}
              </Typography.Text>
            ) : (
              <Space data-testid="pair-expired">
                <Typography.Text type="danger">{t('advert.tablet.pairExpired')}</Typography.Text>
                <Button
                  size="small"
                  onClick={() => tablet && offerCode(tablet.id)}
                  data-testid="pair-again"
                >
                  {t('advert.tablet.pairAgain')}
                </Button>
              </Space>
            )}
            <Alert
              type="info"
              showIcon
              message={t('advert.tablet.pairReplaces')}
              style={{ textAlign: 'start' }}
            />
          </Space>
        )}
      </div>
    </Modal>
  );
};

export default PairModal;
