/** The header: menu toggle and breadcrumbs on the left; realtime link and new-order alert, full screen, to-do items, error log, language and user on the right. */
import { Button, Space, theme } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HEADER_HEIGHT } from '../menu/SideMenu';
import { LanguageSwitch } from '../../common/language/LanguageSwitch';
import { Breadcrumbs } from './Breadcrumbs';
import { ErrorLogButton } from './ErrorLogButton';
import { FullscreenToggle } from './FullscreenToggle';
import { UserMenu } from './UserMenu';
import { TodoBadge } from './TodoBadge';
import { RealtimeHeader } from '../../realtime/RealtimeHeader';

export function HeaderBar({ collapsed, onToggleMenu }: { collapsed: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <header
      data-testid="header"
      style={{ height: HEADER_HEIGHT, flex: 'none', display: 'flex', alignItems: 'center', gap: 12, padding: '0 16px 0 8px', background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Button type="text" aria-label={t('shell.toggleMenu')} data-testid="menu-toggle" icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={onToggleMenu} />
      <div style={{ flex: 1, minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap' }}>
        <Breadcrumbs />
      </div>
      <Space size={4}>
        <RealtimeHeader />
        <FullscreenToggle />
        <TodoBadge />
        <ErrorLogButton />
        <LanguageSwitch />
        <UserMenu />
      </Space>
    </header>
  );
}
