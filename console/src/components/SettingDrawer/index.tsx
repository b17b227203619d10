import { CheckOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, List, Radio, Select, Switch, Tooltip } from 'antd';
import React from 'react';
import { formatMessage } from '@/utils/intl';
import {
  PRIMARY_COLORS,
  resetSettings,
  updateSettings,
  useSettings,
  type LayoutSettings,
} from '@/utils/settings';

const t = (id: string) => formatMessage({ id });

/** Layout settings, saved in localStorage as soon as they change. */
const SettingDrawer: React.FC<{ open: boolean; onClose: () => void }> = ({ open, onClose }) => {
  const settings = useSettings();
  const set = (patch: Partial<LayoutSettings>) => updateSettings(patch);

  const switches: { key: keyof LayoutSettings; label: string; disabled?: boolean }[] = [
    { key: 'fixedHeader', label: t('settings.fixedHeader') },
    {
      key: 'autoHideHeader',
      label: t('settings.autoHideHeader'),
      disabled: !settings.fixedHeader,
    },
    { key: 'fixSiderbar', label: t('settings.fixSiderbar'), disabled: settings.layout === 'top' },
    { key: 'colorWeak', label: t('settings.colorWeak') },
    { key: 'multiTab', label: t('settings.multiTab') },
  ];

  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={onClose}
      width={320}
      data-testid="settings-drawer"
    >
      <h4>{t('settings.theme')}</h4>
      <Radio.Group
        value={settings.theme}
        onChange={(e) => set({ theme: e.target.value })}
        optionType="button"
        options={[
          { value: 'light', label: t('settings.theme.light') },
          { value: 'dark', label: t('settings.theme.dark') },
          { value: 'realDark', label: t('settings.theme.realDark') },
        ]}
      />
      <h4 style={{ marginTop: 20 }}>{t('settings.primaryColor')}</h4>
      <div>
        {PRIMARY_COLORS.map(({ key, color }) => (
          <Tooltip key={key} title={t(`settings.color.${key}`)}>
            <button
              type="button"
              aria-label={t(`settings.color.${key}`)}
              className="venue-settings-swatch"
              style={{ background: color }}
              onClick={() => set({ primaryColor: color })}
            >
              {settings.primaryColor.toUpperCase() === color ? <CheckOutlined /> : null}
            </button>
          </Tooltip>
        ))}
      </div>
      <Divider />
      <h4>{t('settings.layout')}</h4>
      <Radio.Group
        value={settings.layout}
        onChange={(e) => set({ layout: e.target.value })}
        optionType="button"
        options={[
          { value: 'side', label: t('settings.layout.side') },
          { value: 'top', label: t('settings.layout.top') },
          { value: 'mix', label: t('settings.layout.mix') },
        ]}
      />
      <List
        style={{ marginTop: 12 }}
        split={false}
        dataSource={[
          {
            key: 'contentWidth',
            label: t('settings.contentWidth'),
            action: (
              <Select
                size="small"
                style={{ width: 100 }}
                value={settings.contentWidth}
                onChange={(contentWidth) => set({ contentWidth })}
                options={[
                  { value: 'Fluid', label: t('settings.contentWidth.fluid') },
                  { value: 'Fixed', label: t('settings.contentWidth.fixed') },
                ]}
              />
            ),
          },
          ...switches.map((s) => ({
            key: s.key,
            label: s.label,
            action: (
              <Switch
                size="small"
                disabled={s.disabled}
                checked={settings[s.key] as boolean}
                onChange={(checked) => set({ [s.key]: checked })}
              />
            ),
          })),
        ]}
        renderItem={(item) => (
          <List.Item actions={[item.action]} style={{ paddingInline: 0 }}>
            {item.label}
          </List.Item>
        )}
      />
      <Divider />
      <Button block onClick={resetSettings}>
        {t('settings.reset')}
      </Button>
      <p style={{ marginTop: 12, color: 'rgba(128,128,128,0.9)', fontSize: 12 }}>
        {t('settings.savedLocally')}
      </p>
    </Drawer>
  );
};

export default SettingDrawer;
