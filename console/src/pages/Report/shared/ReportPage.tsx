import { intlMap, ProConfigProvider } from '@ant-design/pro-components';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import React from 'react';
import { activeLocale } from '@/utils/intl';

/** Frame of a report page, with antd and pro-components in the active language. */
const ReportPage: React.FC<{ testId: string; children: React.ReactNode }> = ({ testId, children }) => {
  const active = activeLocale();
  const locale = active.locale as keyof typeof intlMap;
  return (
    <ConfigProvider locale={active.antd ?? enUS}>
      <ProConfigProvider intl={intlMap[locale] ?? intlMap['en-US']}>
        <div className="venue-page" data-testid={testId}>
          {children}
        </div>
      </ProConfigProvider>
    </ConfigProvider>
  );
};

export default ReportPage;
