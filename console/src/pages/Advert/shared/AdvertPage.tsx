import { intlMap, ProConfigProvider } from '@ant-design/pro-components';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import React from 'react';
import { activeLocale } from '@/utils/intl';

/**
 * Frame of an advertising page: gives antd and pro-components the active language (without
 * an antd locale, English, ProTable falls back to its Chinese texts).
 */
const AdvertPage: React.FC<{ testId: string; children: React.ReactNode }> = ({ testId, children }) => {
  const locale = activeLocale().locale as keyof typeof intlMap;
  return (
    <ConfigProvider locale={activeLocale().antd ?? enUS}>
      <ProConfigProvider intl={intlMap[locale] ?? intlMap['en-US']}>
        <div className="venue-page" data-testid={testId}>
          {children}
        </div>
      </ProConfigProvider>
    </ConfigProvider>
  );
};

export default AdvertPage;
