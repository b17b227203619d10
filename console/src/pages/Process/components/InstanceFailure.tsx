/**
 * A failed node of an instance: "failed at <node>: <reason>", and for administrators
 * (process:instance:edit) a retry after setting variables. Cancel stays in the drawer.
 */
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import React, { useState } from 'react';
import { t } from './labels';
import { parseRetryVariables } from './retryVariables';
import { useOperation } from '@/components/Access';
import { retryInstance, type InstanceView } from '@/services/process';
import { feedback } from '@/utils/feedback';

export const InstanceFailure: React.FC<{ inst: InstanceView; onRetried: () => void }> = ({
  inst,
  onRetried,
}) => {
  const { can } = useOperation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('{}');
  const failures = inst.failures ?? [];
  if (failures.length === 0) return null;
  const variables = parseRetryVariables(text);
  return (
    <>
      <Alert
        type="error"
        showIcon
        data-testid="instance-failure"
        message={
          <Space direction="vertical" size={2}>
            {failures.map((f) => (
              <Typography.Text key={f.nodeId}>
                {t('process.instance.failedAt', { node: f.nodeName || f.nodeId, reason: f.reason })}
              </Typography.Text>
            ))}
          </Space>
        }
        action={
          can('process:instance:edit') ? (
            <Button size="small" danger onClick={() => setOpen(true)} data-testid="instance-retry">
              {t('process.instance.retry')}
            </Button>
          ) : undefined
        }
      />
      <Modal
        open={open}
        title={t('process.instance.retry')}
        onCancel={() => setOpen(false)}
        okButtonProps={{ disabled: variables === null, ...{ 'data-testid': 'instance-retry-ok' } }}
        onOk={() =>
          retryInstance(inst.id, { variables: variables ?? {} }).then((after) => {
            feedback.success(
              after.failures?.length
                ? t('process.instance.failedAgain')
                : t('process.instance.retried'),
            );
            setOpen(false);
            setText('{}');
            onRetried();
          })
        }
      >
        <Typography.Paragraph type="secondary">
          {t('process.instance.retryHint')}
        </Typography.Paragraph>
        <Input.TextArea
          rows={5}
          value={text}
          status={variables === null ? 'error' : undefined}
          onChange={(e) => setText(e.target.value)}
          data-testid="instance-retry-variables"
          style={{ fontFamily: 'monospace' }}
        />
        {variables === null && (
          <Typography.Text type="danger">{t('process.instance.badJson')}</Typography.Text>
        )}
      </Modal>
    </>
  );
};

export default InstanceFailure;
