/** The shell: side menu (256 px, 64 px collapsed), header, and the routed screen. */
import { Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Layout, Menu, Space, Spin, theme, type MenuProps } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useMenu, type TreeMenuItem } from '@refinedev/core';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../providers/abilities';
import { AbilityGate } from './AbilityGate';
import { iconFor } from './icons';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';

export const SIDER_WIDTH = 256;
export const SIDER_COLLAPSED_WIDTH = 64;

function useMenuItems(): { items: MenuProps['items']; selectedKey: string } {
  const { menuItems, selectedKey } = useMenu();
  const ability = useAbility<AppAbility>();
  const { t } = useTranslation();
  type Item = NonNullable<MenuProps['items']>[number];
  const build = (items: TreeMenuItem[]): Item[] =>
    items.flatMap((item): Item[] => {
      const name = item.identifier ?? item.name;
      if (item.meta?.hide) return [];
      const title = t(`resources.${name}`);
      if (item.children.length) {
        const children = build(item.children);
        return children.length ? [{ key: item.key ?? name, icon: iconFor(item.meta?.icon as string), label: title, children }] : [];
      }
      if (!item.route || !ability.can('list', name)) return [];
      return [{ key: item.key ?? item.route, icon: iconFor(item.meta?.icon as string), label: <Link to={item.route}>{title}</Link> }];
    });
  return { items: build(menuItems), selectedKey };
}

function Shell({ children }: { children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(false);
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { items, selectedKey } = useMenuItems();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={SIDER_WIDTH} collapsedWidth={SIDER_COLLAPSED_WIDTH} collapsed={collapsed} theme="light" data-testid="sider" style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}>
        <div style={{ height: 56, display: 'flex', alignItems: 'center', justifyContent: 'center', fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap', overflow: 'hidden' }}>
          {collapsed ? 'PA' : t('app.title')}
        </div>
        <Menu mode="inline" items={items} selectedKeys={[selectedKey]} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: token.colorBgContainer, padding: '0 16px', display: 'flex', alignItems: 'center', justifyContent: 'space-between', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <Button type="text" aria-label={t('shell.toggleMenu')} icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={() => setCollapsed(!collapsed)} />
          <Space size="middle">
            <LanguageSwitch />
            <UserMenu />
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 16 }}>
          <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>{children}</Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <AbilityGate>
      <Shell>{children}</Shell>
    </AbilityGate>
  );
}
