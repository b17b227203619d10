import { EditOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { history, useModel } from '@umijs/max';
import { App, Avatar, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import React from 'react';
import { outLogin } from '@/services/sys';
import { formatMessage } from '@/utils/intl';
import { clearSession, LOGIN_PATH } from '@/utils/session';

const t = (id: string) => formatMessage({ id });

/** Logs out: the server revokes the token (errors ignored), then the session is cleared. */
export async function logout(): Promise<void> {
  await outLogin();
  clearSession();
  history.replace(LOGIN_PATH);
}

/** The user-name dropdown: Modify Password, Edit Info, Exit (with confirmation). */
const AvatarDropdown: React.FC = () => {
  const { initialState } = useModel('@@initialState');
  const { modal } = App.useApp();
  const user = initialState?.currentUser;
  if (!user) return null;

  const items: MenuProps['items'] = [
    { key: 'password', icon: <KeyOutlined />, label: t('header.changePassword') },
    { key: 'info', icon: <EditOutlined />, label: t('header.editInfo') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') history.push('/account/password');
    if (key === 'info') history.push('/account/settings');
    if (key === 'logout') {
      modal.confirm({
        title: t('header.logout.title'),
        content: t('header.logout.content'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: logout,
      });
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['hover', 'click']}>
      <span className="venue-header-action" data-testid="user-menu">
        <Avatar size="small" src={user.suserHeader || undefined} icon={<UserOutlined />} />
        <span>{user.userName}</span>
      </span>
    </Dropdown>
  );
};

export default AvatarDropdown;
