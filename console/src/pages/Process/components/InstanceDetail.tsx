/**
 * An instance in a drawer: summary, the diagram coloured by state with hover cards, the
 * timeline with comments and form snapshots, variables; a failed node with its reason and
 * retry (process:instance:edit), cancel (administrators with process:instance:delete) and
 * withdraw (the starter).
 */
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Input,
  Modal,
  Skeleton,
  Space,
  Tabs,
  Table,
} from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { useModel } from '@umijs/max';
import { StateTag, t } from './labels';
import ProcessTimeline from './Timeline';
import InstanceFailure from './InstanceFailure';
import { useOperation } from '@/components/Access';
import BpmnViewer from '@/components/BpmnViewer';
import { FormValues } from '@/components/FormilyRenderer';
import {
  cancelInstance,
  getInstance,
  withdrawInstance,
  type InstanceView,
} from '@/services/process';
import { feedback } from '@/utils/feedback';
import { formatStaffTime } from '@/utils/zone';
import { useDiscardGuard } from '@/components/Sheet';

export const InstanceSummary: React.FC<{ inst: InstanceView }> = ({ inst }) => (
  <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="instance-summary">
    <Descriptions.Item label={t('process.instance.title')}>
      {inst.title || inst.name}
    </Descriptions.Item>
    <Descriptions.Item label={t('process.definition.name')}>
      {inst.name} (v{inst.version})
    </Descriptions.Item>
    <Descriptions.Item label={t('process.instance.state')}>
      <StateTag state={inst.state} />
    </Descriptions.Item>
    <Descriptions.Item label={t('process.instance.initiator')}>
      {inst.initiatorName}
    </Descriptions.Item>
    <Descriptions.Item label={t('process.instance.startedAt')}>
      {formatStaffTime(inst.startedAt)}
    </Descriptions.Item>
    <Descriptions.Item label={t('process.instance.endedAt')}>
      {inst.endedAt ? formatStaffTime(inst.endedAt) : '-'}
    </Descriptions.Item>
    {inst.businessKey && (
      <Descriptions.Item label={t('process.instance.businessKey')}>
        {inst.businessKey}
      </Descriptions.Item>
    )}
  </Descriptions>
);

export const InstanceBody: React.FC<{ inst: InstanceView }> = ({ inst }) => (
  <Tabs
    items={[
      {
        key: 'diagram',
        label: t('process.instance.diagram'),
        children: <BpmnViewer xml={inst.bpmnXml} state={inst} />,
      },
      {
        key: 'timeline',
        label: t('process.instance.timeline'),
        children: <ProcessTimeline items={inst.timeline} />,
      },
      {
        key: 'variables',
        label: t('process.instance.variables'),
        children: <FormValues values={inst.variables} column={2} />,
      },
      {
        key: 'tasks',
        label: t('process.instance.tasks'),
        children: (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={inst.tasks}
            columns={[
              { title: t('process.task.node'), dataIndex: 'name' },
              { title: t('process.task.assignee'), dataIndex: 'assigneeName' },
              {
                title: t('process.task.status'),
                dataIndex: 'status',
                render: (s) => <StateTag state={s} />,
              },
              { title: t('process.task.outcome'), dataIndex: 'outcome' },
              {
                title: t('process.common.createdAt'),
                dataIndex: 'createdAt',
                render: (v) => formatStaffTime(v),
              },
              {
                title: t('process.task.closedAt'),
                dataIndex: 'closedAt',
                render: (v) => (v ? formatStaffTime(v) : '-'),
              },
            ]}
          />
        ),
      },
    ]}
  />
);

export const InstanceDrawer: React.FC<{
  id?: number;
  onClose: () => void;
  onChanged?: () => void;
}> = ({ id, onClose, onChanged }) => {
  const [inst, setInst] = useState<InstanceView>();
  const [reason, setReason] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const guardReason = useDiscardGuard(() => !!reason.trim());
  const { can } = useOperation();
  const { initialState } = useModel('@@initialState');
  const load = useCallback(() => {
    if (id) getInstance(id).then(setInst);
  }, [id]);
  useEffect(() => {
    setInst(undefined);
    load();
  }, [load]);

  const running = inst?.state === 'running';
  const failed = inst?.state === 'failed';
  const mine = inst && inst.initiatorId === initialState?.currentUser?.userId;
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      width="min(1100px, 96vw)"
      title={inst ? inst.title || inst.name : t('process.instance.detail')}
      destroyOnClose
      extra={
        <Space>
          {running && mine && (
            <Button
              onClick={() =>
                Modal.confirm({
                  title: t('process.instance.withdrawConfirm'),
                  onOk: () =>
                    inst &&
                    withdrawInstance(inst.id).then(() => {
                      feedback.success(t('process.instance.withdrawn'));
                      load();
                      onChanged?.();
                    }),
                })
              }
              data-testid="instance-withdraw"
            >
              {t('process.instance.withdraw')}
            </Button>
          )}
          {(running || failed) && can('process:instance:delete') && (
            <Button danger onClick={() => setCancelling(true)} data-testid="instance-cancel">
              {t('process.instance.cancel')}
            </Button>
          )}
        </Space>
      }
    >
      {!inst ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="instance-detail">
          <InstanceFailure
            inst={inst}
            onRetried={() => {
              load();
              onChanged?.();
            }}
          />
          <Card size="small">
            <InstanceSummary inst={inst} />
          </Card>
          <InstanceBody inst={inst} />
        </Space>
      )}
      <Modal
        open={cancelling}
        title={t('process.instance.cancel')}
        onCancel={guardReason(() => {
          setCancelling(false);
          setReason('');
        })}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        onOk={() =>
          inst &&
          cancelInstance(inst.id, reason.trim()).then(() => {
            feedback.success(t('process.instance.cancelled'));
            setCancelling(false);
            setReason('');
            load();
            onChanged?.();
          })
        }
      >
        <Input.TextArea
          rows={3}
          value={reason}
          placeholder={t('process.instance.cancelReason')}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Drawer>
  );
};

export default InstanceDrawer;
