import { Tag, Tooltip } from 'antd';
import React from 'react';
import type { Advert } from '@/services/advert';
import { displayStatus, STATUS_COLORS } from './status';
import { t } from './text';

/** The ad's status (spec section 4): pending review, approved, not approved, broadcast ended. */
const StatusTag: React.FC<{ ad: Pick<Advert, 'status' | 'submitting' | 'endedBy' | 'endReason' | 'opinion'> }> = ({ ad }) => {
  const status = displayStatus(ad);
  const tag = (
    <Tag color={STATUS_COLORS[status]} data-testid="advert-status" data-status={status}>
      {t(`advert.status.${status}`)}
      {status === 'ended' && ad.endedBy === 'takedown' ? ` · ${t('advert.endedBy.takedown')}` : ''}
    </Tag>
  );
  const tip = status === 'ended' && ad.endReason ? ad.endReason : status === 'rejected' && ad.opinion ? ad.opinion : '';
  return tip ? <Tooltip title={tip}>{tag}</Tooltip> : tag;
};

export default StatusTag;
