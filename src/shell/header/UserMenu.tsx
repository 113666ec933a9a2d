/** The signed-in user's name and role, with messages (unread dot and count) and logout. */
import type { CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { Dropdown, Grid, Space } from 'antd';
import { LogoutOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../providers/auth';
import { useMessageLists } from '../../pages/messages/api';
import { THEME } from '../../theme';
import { CountBadge, DotBadge } from '../../common/HeaderBadge';

/** antd's small Avatar, drawn here: its package brings the Popover of its avatar groups to every screen. */
const AVATAR: CSSProperties = { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: 24, height: 24, borderRadius: '50%', fontSize: 14, background: THEME.token?.colorTextPlaceholder, color: '#fff' };

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
                <CountBadge count={unread} data-testid="message-count" />
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
        <DotBadge shown={unread > 0} data-testid="message-dot">
          <span style={AVATAR}>
            <UserOutlined />
          </span>
        </DotBadge>
        <span>{user?.name}</span>
        {user && wide && <span style={{ color: THEME.token?.colorTextDescription }}>{t(`roles.${user.access}`)}</span>}
      </Space>
    </Dropdown>
  );
}
