import { Empty, Select, Space, Typography } from 'antd';
import React from 'react';
import LocalePage from '@/components/LocalePage';
import './configure.css';
import { t } from './text';
import { useVenue } from './useVenue';

export interface VenueProps {
  venueId: number;
  venueName: string;
}

/**
 * Frame of a venue configuration page: the active language for antd and pro-components, and
 * the venue the page works on — a picker for a merchant's staff with several venues. The page
 * body renders once a venue is known, again when the picker changes it.
 */
const ConfigurePage: React.FC<{
  testId: string;
  children: (venue: VenueProps) => React.ReactNode;
}> = ({ testId, children }) => {
  const { venues, venueId, venue, choose, loaded, fixed } = useVenue();
  return (
    <LocalePage className="venue-page venue-configure" testId={testId}>
      {!fixed ? (
        <Space wrap style={{ marginBottom: 12 }}>
          <Typography.Text strong>{t('configure.venue')}</Typography.Text>
          <Select
            value={venueId}
            onChange={choose}
            style={{ minWidth: 220, maxWidth: '100%' }}
            options={venues.map((v) => ({ value: v.id, label: v.name }))}
            data-testid="configure-venue"
          />
        </Space>
      ) : null}
      {venueId && venue ? (
        <React.Fragment key={venueId}>
          {children({ venueId, venueName: venue.name })}
        </React.Fragment>
      ) : loaded ? (
        <Empty description={t('configure.noVenue')} />
      ) : null}
    </LocalePage>
  );
};

export default ConfigurePage;
