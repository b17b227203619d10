/**
 * /configure/button: the entrance buttons of a venue's tablets (order & pay, call service with
 * its call icons, lucky wheel, two hyperlinks, device buttons): names per language, picture,
 * link, order and visibility. "Restore default" brings back the default set after a
 * confirmation. Tablets read the result from /api/public/tablet/{key}/config.
 */
import { EditOutlined, UndoOutlined } from '@ant-design/icons';
import {
  App,
  Avatar,
  Button,
  Card,
  List,
  Space,
  Switch,
  Tag,
  Typography,
  type ButtonProps,
} from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { Access, useOperation } from '@/components/Access';
import {
  listButtons,
  restoreButtons,
  setButtonEnabled,
  type TabletButton,
} from '@/services/configure';
import { feedback } from '@/utils/feedback';
import { activeLocale, formatMessage } from '@/utils/intl';
import { toServerLocale } from '@/locales';
import ConfigurePage, { type VenueProps } from '../shared/ConfigurePage';
import { t } from '../shared/text';
import { usePoll } from '../shared/usePoll';
import ButtonModal from './components/ButtonModal';
import { nameIn } from './logic';

const Buttons: React.FC<VenueProps> = ({ venueId, venueName }) => {
  const { modal } = App.useApp();
  const { can } = useOperation();
  const [buttons, setButtons] = useState<TabletButton[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<TabletButton>();
  const lang = toServerLocale(activeLocale().locale);

  const load = useCallback(async () => {
    try {
      setButtons(await listButtons(venueId));
    } finally {
      setLoading(false);
    }
  }, [venueId]);
  useEffect(() => {
    load().catch(() => undefined);
  }, [load]);
  usePoll(load, 30_000);

  const restore = () =>
    modal.confirm({
      title: t('configure.button.restoreTitle'),
      content: t('configure.button.restoreConfirm', { venue: venueName }),
      okButtonProps: { 'data-testid': 'confirm-ok', danger: true } as ButtonProps,
      onOk: async () => {
        setButtons(await restoreButtons(venueId));
        feedback.success(t('configure.button.restored'));
      },
    });

  return (
    <Card
      title={t('menu.configure.button')}
      extra={
        <Access code="configure:button:edit">
          <Button icon={<UndoOutlined />} onClick={restore} data-testid="button-restore">
            {t('configure.button.restore')}
          </Button>
        </Access>
      }
    >
      <List
        loading={loading}
        dataSource={buttons}
        rowKey="id"
        renderItem={(b) => (
          <List.Item
            data-testid={`button-row-${b.function}`}
            actions={[
              <Switch
                key="shown"
                size="small"
                checked={b.status === 1}
                disabled={
                  !can(b.status === 1 ? 'configure:button:disable' : 'configure:button:enable')
                }
                onChange={async (v) => {
                  try {
                    await setButtonEnabled(b.id, v);
                    feedback.success(formatMessage({ id: 'common.modifySucceed' }));
                  } finally {
                    load();
                  }
                }}
                data-testid={`button-shown-${b.function}`}
              />,
              <Access key="edit" code="configure:button:edit">
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing(b)}
                  data-testid={`button-edit-${b.function}`}
                >
                  {t('configure.edit')}
                </Button>
              </Access>,
            ]}
          >
            <List.Item.Meta
              avatar={
                <Avatar shape="square" size={48} src={b.image || undefined}>
                  {nameIn(b.names, lang).slice(0, 1)}
                </Avatar>
              }
              title={
                <Space wrap>
                  <span data-testid={`button-name-${b.function}`}>{nameIn(b.names, lang)}</span>
                  <Tag>{t(`configure.fn.${b.function}`)}</Tag>
                  {b.status !== 1 ? (
                    <Tag color="default">{t('configure.button.hidden')}</Tag>
                  ) : null}
                </Space>
              }
              description={
                <Space direction="vertical" size={0}>
                  {b.link ? (
                    <Typography.Text type="secondary">
                      <span className="venue-ellipsis" style={{ maxWidth: 260 }}>
                        {b.link}
                      </span>
                    </Typography.Text>
                  ) : null}
                  {b.callIcons.length ? (
                    <Typography.Text type="secondary">
                      {b.callIcons.map((c) => nameIn(c.names, lang)).join(' · ')}
                    </Typography.Text>
                  ) : null}
                  <Typography.Text type="secondary">
                    {t('configure.button.sortValue', { sort: b.sort })}
                  </Typography.Text>
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <ButtonModal
        button={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          load();
        }}
      />
    </Card>
  );
};

const ButtonPage: React.FC = () => (
  <ConfigurePage testId="configure-buttons">{(venue) => <Buttons {...venue} />}</ConfigurePage>
);

export default ButtonPage;
