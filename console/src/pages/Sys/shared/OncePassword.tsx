import { Alert, Typography } from 'antd';
import type { useAppProps } from 'antd/es/app/context';
import { t } from './text';

/** Shows a generated password once, with a copy button; it cannot be shown again. */
export function showOncePassword(
  modal: useAppProps['modal'],
  { user, password }: { user: string; password: string },
) {
  modal.success({
    title: t('sys.user.password.title', { name: user }),
    width: 480,
    okText: t('common.ok'),
    content: (
      <div data-testid="once-password">
        <Typography.Paragraph
          copyable={{ text: password, tooltips: [t('sys.copy'), t('sys.copied')] }}
          style={{ fontSize: 18, margin: '12px 0' }}
        >
          <Typography.Text code data-testid="once-password-value">
            {password}
          </Typography.Text>
        </Typography.Paragraph>
        <Alert type="warning" showIcon message={t('sys.user.password.once')} />
      </div>
    ),
  });
}
