import { Avatar, Dropdown, Space, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../providers/auth';

/** The signed-in user's name and role, with logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<UserInfo>();
  const { mutate: logout } = useLogout();
  return (
    <Dropdown
      menu={{
        items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), onClick: () => logout() }],
      }}
    >
      <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
        <Avatar size="small" icon={<UserOutlined />} />
        <Typography.Text>{user?.name}</Typography.Text>
        {user && <Typography.Text type="secondary">{t(`roles.${user.access}`)}</Typography.Text>}
      </Space>
    </Dropdown>
  );
}
