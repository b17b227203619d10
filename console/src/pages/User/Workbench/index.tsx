import {
  ClockCircleOutlined,
  ReloadOutlined,
  RightOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { history, useModel } from '@umijs/max';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Col,
  Empty,
  List,
  Row,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import routes from '../../../../config/routes';
import { menuIcon } from '@/components/MenuIcon';
import { getWorkbench } from '@/services/sys';
import { errorText } from '@/utils/errors';
import { formatDate, formatMessage, formatNumber, menuTitle } from '@/utils/intl';
import { buildMenu, layoutRoutes, type MenuNode, type RouteConfig } from '@/utils/menu';

const t = (id: string, values?: Record<string, string | number>) => formatMessage({ id }, values);

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A card value as shown: numbers grouped, ISO times in the console's date format. */
export function cardValue(value: number | string | undefined): string {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatDate(value);
  return String(value ?? '');
}

export function greetingKey(hour: number): string {
  if (hour < 5) return 'workbench.greeting.evening';
  if (hour < 12) return 'workbench.greeting.morning';
  if (hour < 18) return 'workbench.greeting.afternoon';
  return 'workbench.greeting.evening';
}

/** Leaf pages of the menu, for the shortcuts panel. */
function leaves(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => (n.children ? leaves(n.children) : n.hideInMenu ? [] : [n]));
}

/** Home page: greeting, the user's organisation, figures of the day, pending tasks, shortcuts. */
const Workbench: React.FC = () => {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const [data, setData] = useState<API.Workbench>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string>();

  const load = useCallback(() => {
    setLoading(true);
    setError(undefined);
    getWorkbench()
      .then((result) => setData({ cards: result?.cards ?? [], tasks: result?.tasks ?? [] }))
      .catch((e) => setError(errorText(e)))
      .finally(() => setLoading(false));
  }, []);

  useEffect(load, [load]);

  const shortcuts = useMemo(
    () =>
      leaves(buildMenu(initialState?.menus, layoutRoutes(routes as RouteConfig[]))).filter(
        (n) => n.path !== '/user/workbench',
      ),
    [initialState?.menus],
  );

  const roleLabel =
    user?.adminFlag === '1'
      ? t('workbench.role.admin')
      : t(`workbench.orgType.${user?.orgType || 'venue'}`);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="workbench">
      <Card>
        <div className="venue-workbench-head">
          <Avatar size={64} src={user?.suserHeader || undefined} icon={<UserOutlined />} />
          <div style={{ flex: 1, minWidth: 240 }}>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="greeting">
              {t(greetingKey(dayjs().hour()), { name: user?.userName ?? '' })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {user?.orgName ? `${user.orgName} · ` : ''}
              {roleLabel}
            </Typography.Text>
          </div>
          <Space direction="vertical" align="end" size={0}>
            <Typography.Text type="secondary">{t('workbench.today')}</Typography.Text>
            <Typography.Text strong>{formatDate(new Date(), 'YYYY-MM-DD dddd')}</Typography.Text>
          </Space>
        </div>
      </Card>

      {error && (
        <Alert
          type="warning"
          showIcon
          message={t('workbench.loadFailed')}
          description={error}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={load}>
              {t('common.retry')}
            </Button>
          }
        />
      )}

      <Row gutter={[16, 16]}>
        {loading && !data
          ? [0, 1, 2, 3].map((i) => (
              <Col key={i} xs={24} sm={12} xl={6}>
                <Card>
                  <Skeleton active paragraph={{ rows: 1 }} />
                </Card>
              </Col>
            ))
          : (data?.cards ?? []).map((card) => (
              <Col key={card.key} xs={24} sm={12} xl={6}>
                <Card
                  className={card.link ? 'venue-card-link' : undefined}
                  onClick={card.link ? () => card.link && history.push(card.link) : undefined}
                  data-testid={`card-${card.key}`}
                >
                  <Statistic
                    title={card.title}
                    value={card.value}
                    formatter={(v) => cardValue(v as number | string | undefined)}
                    valueStyle={typeof card.value === 'number' ? undefined : { fontSize: 20 }}
                  />
                  {card.note && (
                    <Typography.Text type="secondary" data-testid={`card-${card.key}-note`}>
                      {card.note}
                    </Typography.Text>
                  )}
                </Card>
              </Col>
            ))}
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card
            title={t('workbench.tasks')}
            extra={
              data?.tasks?.length ? (
                <Tag color="processing">{formatNumber(data.tasks.length)}</Tag>
              ) : null
            }
          >
            <List
              loading={loading && !data}
              dataSource={data?.tasks ?? []}
              locale={{
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={t('workbench.tasks.empty')}
                  />
                ),
              }}
              renderItem={(task) => (
                <List.Item
                  actions={
                    task.link
                      ? [
                          <Button
                            key="open"
                            type="link"
                            size="small"
                            onClick={() => task.link && history.push(task.link)}
                          >
                            {t('workbench.tasks.handle')} <RightOutlined />
                          </Button>,
                        ]
                      : undefined
                  }
                >
                  <List.Item.Meta
                    title={task.title}
                    description={
                      <Space size={12} wrap>
                        {task.processName && <Tag>{task.processName}</Tag>}
                        {task.createdAt && (
                          <span>
                            <ClockCircleOutlined /> {formatDate(task.createdAt)}
                          </span>
                        )}
                      </Space>
                    }
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('workbench.shortcuts')}>
            {shortcuts.length ? (
              <Row gutter={[8, 8]}>
                {shortcuts.map((node) => (
                  <Col key={node.path} span={12}>
                    <Button
                      block
                      icon={menuIcon(node.icon)}
                      onClick={() => history.push(node.path)}
                    >
                      {menuTitle(node)}
                    </Button>
                  </Col>
                ))}
              </Row>
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('workbench.shortcuts.empty')}
              />
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
};

export default Workbench;
