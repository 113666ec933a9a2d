/** The signed-in user's name and role, with messages (unread dot and count) and logout. */
import { useNavigate } from 'react-router';
import { Avatar, Badge, Dropdown, Grid, Space, Typography } from 'antd';
import { LogoutOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../providers/auth';
import { useMessageLists } from '../../pages/messages/api';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useGetIdentity<UserInfo>();
  const { mutate: logout } = useLogout();
  const unread = useMessageLists().data?.unread.length ?? 0;
  // On narrow screens the role would push the header's buttons out of view.
  const wide = Grid.useBreakpoint().md !== false;
  return (
    <Dropdown
      menu={{
        items: [
          {
            key: 'messages',
            icon: <MailOutlined />,
            label: (
              <Space>
                {t('shell.messages')}
                <Badge count={unread} size="small" data-testid="message-count" />
              </Space>
            ),
            onClick: () => navigate('/messages'),
          },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), onClick: () => logout() },
        ],
      }}
    >
      <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
        <Badge dot={unread > 0} data-testid="message-dot">
          <Avatar size="small" icon={<UserOutlined />} />
        </Badge>
        <Typography.Text>{user?.name}</Typography.Text>
        {user && wide && <Typography.Text type="secondary">{t(`roles.${user.access}`)}</Typography.Text>}
      </Space>
    </Dropdown>
  );
}
