import { intlMap, ProConfigProvider } from '@ant-design/pro-components';
import React from 'react';
import { activeLocale } from '@/utils/intl';

/**
 * Frame of a sys page. Gives pro-components the active language: without an antd locale
 * (English) ProTable would fall back to its Chinese texts (search buttons, pagination).
 */
const SysPage: React.FC<{ testId: string; children: React.ReactNode }> = ({ testId, children }) => {
  const locale = activeLocale().locale as keyof typeof intlMap;
  return (
    <ProConfigProvider intl={intlMap[locale] ?? intlMap['en-US']}>
      <div className="venue-page" data-testid={testId}>
        {children}
      </div>
    </ProConfigProvider>
  );
};

export default SysPage;
