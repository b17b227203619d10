/**
 * The sign-up a merchant_signup review task is about, shown above the task's actions in the inbox
 * (components/TaskPreview).
 */
import { Descriptions } from 'antd';
import React from 'react';
import type { TaskPreviewProps } from '@/components/TaskPreview';
import { formatDate } from '@/utils/intl';
import { t } from '../../shared/text';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : '-');

const SignupPreview: React.FC<TaskPreviewProps> = ({ variables }) => (
  <Descriptions
    title={t('onboarding.signup.preview')}
    size="small"
    bordered
    column={1}
    data-testid="signup-preview"
    items={[
      {
        key: 'business',
        label: t('onboarding.signup.business'),
        children: text(variables.merchantName),
      },
      { key: 'contact', label: t('sys.org.contact'), children: text(variables.contactName) },
      { key: 'mobile', label: t('sys.org.mobile'), children: text(variables.mobile) },
      { key: 'address', label: t('sys.org.address'), children: text(variables.address) },
      { key: 'licence', label: t('sys.org.licenceNo'), children: text(variables.licenceNo) },
      {
        key: 'submitted',
        label: t('onboarding.signup.submittedAt'),
        children:
          typeof variables.submittedAt === 'string' ? formatDate(variables.submittedAt) : '-',
      },
    ]}
  />
);

export default SignupPreview;
