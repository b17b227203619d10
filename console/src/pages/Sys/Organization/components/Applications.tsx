import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import {
  ModalForm,
  ProFormTextArea,
  ProTable,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { history } from '@umijs/max';
import { App, Form, Space, Tag, Typography } from 'antd';
import React, { useRef, useState } from 'react';
import { Access } from '@/components/Access';
import {
  approveApplication,
  listApplications,
  rejectApplication,
  type ApplicationStatus,
  type MerchantApplication,
} from '@/services/sys-admin';
import { getInstance } from '@/services/process';
import { formatDate } from '@/utils/intl';
import { showFormError } from '@/utils/fieldErrors';
import { t } from '../../shared/text';
import { sysTableProps } from '../../shared/tableProps';
import { tableRequest } from '@/utils/table';
import { useModalFormGuard } from '@/components/Sheet';

const COLORS: Record<ApplicationStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};

/**
 * Merchant sign-ups waiting for the platform (platform users only): approve or reject. A sign-up
 * reviewed by the merchant_signup process is decided on its task; these buttons act on that task.
 */
const Applications: React.FC<{ onApproved: () => void }> = ({ onApproved }) => {
  const { message, modal } = App.useApp();
  const action = useRef<ActionType>();
  const [rejecting, setRejecting] = useState<MerchantApplication>();
  const [form] = Form.useForm<{ reason: string }>();
  const guard = useModalFormGuard(form, !!rejecting);
  const reload = () => action.current?.reload();

  const approve = (a: MerchantApplication) =>
    modal.confirm({
      title: t('onboarding.signup.approve.confirm', { name: a.businessName }),
      content: t('onboarding.signup.approve.hint'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const created = await approveApplication(a.id);
        modal.success({
          title: t('onboarding.signup.approved', { name: a.businessName }),
          content: t('onboarding.signup.approved.account', { account: created.adminUsername }),
          okText: t('common.ok'),
        });
        reload();
        onApproved();
      },
    });

  /** Opens the review's open task in the inbox (the inbox itself when it cannot be found). */
  const openTask = async (a: MerchantApplication) => {
    let task: number | undefined;
    try {
      const inst = await getInstance(a.instanceId, { skipErrorHandler: true });
      task = inst.tasks.find((x) => x.status === 'open')?.id;
    } catch {
      // no access to the instance: the inbox lists the task when it is the user's
    }
    history.push(task ? `/process/user/tasks?task=${task}` : '/process/user/tasks');
  };

  const columns: ProColumns<MerchantApplication>[] = [
    { title: t('onboarding.signup.number'), dataIndex: 'id', hideInSearch: true, width: 90 },
    { title: t('onboarding.signup.business'), dataIndex: 'businessName', hideInSearch: true },
    { title: t('sys.org.contact'), dataIndex: 'contact', hideInSearch: true },
    { title: t('sys.org.mobile'), dataIndex: 'mobile', hideInSearch: true },
    { title: t('sys.org.address'), dataIndex: 'address', hideInSearch: true, ellipsis: true },
    { title: t('sys.org.licenceNo'), dataIndex: 'licenceNo', hideInSearch: true },
    {
      title: t('sys.status'),
      dataIndex: 'status',
      valueType: 'select',
      initialValue: 'pending',
      valueEnum: {
        pending: t('onboarding.signup.status.pending'),
        approved: t('onboarding.signup.status.approved'),
        rejected: t('onboarding.signup.status.rejected'),
      },
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color={COLORS[r.status]}>{t(`onboarding.signup.status.${r.status}`)}</Tag>
          {r.status === 'pending' && r.instanceId > 0 && (
            // reviewed by the merchant_signup process: approve / reject here act on its task
            <Typography.Link onClick={() => openTask(r)} data-testid={`signup-task-${r.id}`}>
              {t('onboarding.signup.openTask')}
            </Typography.Link>
          )}
        </Space>
      ),
    },
    {
      title: t('onboarding.signup.reason'),
      dataIndex: 'reason',
      hideInSearch: true,
      ellipsis: true,
      render: (_, r) => r.reason || '-',
    },
    {
      title: t('onboarding.signup.submittedAt'),
      dataIndex: 'createdAt',
      hideInSearch: true,
      render: (_, r) => formatDate(r.createdAt),
    },
    {
      title: t('onboarding.signup.reviewed'),
      dataIndex: 'reviewedAt',
      hideInSearch: true,
      render: (_, r) => (r.reviewedAt ? `${r.reviewedBy} ${formatDate(r.reviewedAt)}` : '-'),
    },
    {
      title: t('sys.actions'),
      valueType: 'option',
      width: 170,
      render: (_, r) =>
        r.status === 'pending'
          ? [
              <Access key="approve" code="sys:org:add">
                <Typography.Link onClick={() => approve(r)}>
                  <CheckOutlined /> {t('onboarding.signup.approve')}
                </Typography.Link>
              </Access>,
              <Access key="reject" code="sys:org:edit">
                <Typography.Link type="danger" onClick={() => setRejecting(r)}>
                  <CloseOutlined /> {t('onboarding.signup.reject')}
                </Typography.Link>
              </Access>,
            ]
          : [],
    },
  ];

  return (
    <>
      <ProTable<MerchantApplication>
        rowKey="id"
        actionRef={action}
        headerTitle={t('onboarding.signup.title')}
        columns={columns}
        {...sysTableProps('signup')}
        request={tableRequest(listApplications)}
      />
      <ModalForm<{ reason: string }>
        name="rejectForm"
        form={form}
        open={!!rejecting}
        title={t('onboarding.signup.reject.title', { name: rejecting?.businessName ?? '' })}
        width={480}
        modalProps={{ destroyOnClose: true }}
        onOpenChange={guard.openChange((o) => !o && setRejecting(undefined))}
        submitter={{
          searchConfig: {
            submitText: t('onboarding.signup.reject'),
            resetText: t('common.cancel'),
          },
        }}
        onFinish={guard.finish(async ({ reason }) => {
          if (!rejecting) return true;
          try {
            await rejectApplication(rejecting.id, reason.trim());
            message.success(t('common.modifySucceed'));
            setRejecting(undefined);
            reload();
            return true;
          } catch (e) {
            const text = showFormError(form, e, ['reason']);
            if (text) message.error(text);
            return false;
          }
        })}
      >
        <ProFormTextArea
          name="reason"
          label={t('onboarding.signup.reason')}
          rules={[
            { required: true, whitespace: true, message: t('onboarding.signup.reason.required') },
          ]}
          fieldProps={{ maxLength: 255, showCount: true, rows: 3 }}
        />
      </ModalForm>
    </>
  );
};

export default Applications;
