/**
 * The side menu: the product name (only when the user's showLogo flag is on) and the menu built from
 * the registry and the abilities. Collapsed, antd shows icons with tooltips and groups as pop-outs.
 */
import { Menu, theme } from 'antd';
import { useGetIdentity, useMenu } from '@refinedev/core';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../../providers/ability-engine';
import type { UserInfo } from '../../providers/auth';
import { buildMenu } from './buildMenu';

export const HEADER_HEIGHT = 56;

function Brand({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: user } = useGetIdentity<UserInfo>();
  if (!user?.showLogo) return null;
  const title = t('app.title');
  return (
    <div
      data-testid="brand"
      style={{ height: HEADER_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: collapsed ? 'center' : 'flex-start', gap: 10, padding: collapsed ? 0 : '0 24px', borderBottom: `1px solid ${token.colorBorderSecondary}`, overflow: 'hidden', whiteSpace: 'nowrap' }}
    >
      <span style={{ flex: 'none', width: 28, height: 28, borderRadius: 6, background: token.colorPrimary, color: '#fff', display: 'inline-flex', alignItems: 'center', justifyContent: 'center', fontWeight: 700 }}>
        {title.slice(0, 1)}
      </span>
      {!collapsed && <span style={{ fontWeight: 600, fontSize: 16, color: token.colorText }}>{title}</span>}
    </div>
  );
}

export function SideMenu({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const { menuItems, selectedKey, defaultOpenKeys } = useMenu();
  const items = buildMenu(menuItems, { can: (name) => ability.can('list', name), t, onNavigate });
  return (
    <>
      <Brand collapsed={collapsed} />
      <Menu
        data-testid="side-menu"
        className="shell-menu"
        mode="inline"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={[selectedKey]}
        defaultOpenKeys={collapsed ? undefined : defaultOpenKeys}
        style={{ borderInlineEnd: 'none' }}
      />
    </>
  );
}
