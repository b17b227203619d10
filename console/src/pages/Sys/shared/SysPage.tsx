import { intlMap, ProConfigProvider } from '@ant-design/pro-components';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import React from 'react';
import { activeLocale } from '@/utils/intl';

/**
 * Frame of a sys page. Gives antd and pro-components the active language explicitly: in
 * English the shell sets no antd locale, and pro-components then falls back to Chinese
 * (search buttons, pagination, empty tables) and sets dayjs to zh-cn.
 */
const SysPage: React.FC<{ testId: string; children: React.ReactNode }> = ({ testId, children }) => {
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

export default SysPage;
