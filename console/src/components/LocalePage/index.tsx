import { intlMap, ProConfigProvider } from '@ant-design/pro-components';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import React from 'react';
import { activeLocale } from '@/utils/intl';

/**
 * Frame of an area's page (sys, cuisine, advertising, reports, configuration). Gives antd and
 * pro-components the active language explicitly: in English the shell sets no antd locale, and
 * pro-components then falls back to Chinese (search buttons, pagination with its size changer,
 * empty tables) and sets dayjs to zh-cn.
 */
const LocalePage: React.FC<{ testId: string; className?: string; children: React.ReactNode }> = ({
  testId,
  className = 'venue-page',
  children,
}) => {
  const active = activeLocale();
  const locale = active.locale as keyof typeof intlMap;
  return (
    <ConfigProvider locale={active.antd ?? enUS}>
      <ProConfigProvider intl={intlMap[locale] ?? intlMap['en-US']}>
        <div className={className} data-testid={testId}>
          {children}
        </div>
      </ProConfigProvider>
    </ConfigProvider>
  );
};

export default LocalePage;
