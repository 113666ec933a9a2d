/**
 * The shell: side menu (256 px, 64 px collapsed, remembered; a drawer below 992 px),
 * header, opened-page tags, and the routed screens (./kept/KeptScreens.tsx: the one on screen and the
 * lists of other open tags, hidden) behind the route guard, with a back-to-top button.
 * The tag bar's full screen hides menu and header; Escape leaves it. Leaving a form with unsaved
 * input asks first (Refine's notifier; it lives in the shell's chunk, so the login page skips it).
 */
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { UnsavedChangesNotifier } from '@refinedev/react-router';
import { Grid, Layout, theme } from 'antd';
import { AbilityGate } from './AbilityGate';
import { ContentScrollContext } from '../common/contentScroll';
import { HeaderBar } from './header/HeaderBar';
import { KeptScreens } from './kept/KeptScreens';
import { SideMenu } from './menu/SideMenu';
import { RouteGuard } from './RouteGuard';
import { TagBar } from './tags/TagBar';
import { TagsProvider } from './tags/TagsProvider';
import { whenIdle } from '../common/lazy/useChunk';
import { prefetchOnDemand } from '../dependency-swaps/on-demand';

// Not needed for the first screen: loaded on their own, after it. They sit outside the screen's
// error boundary, so a chunk that fails to load (a deployment meanwhile) leaves them out instead of
// failing the whole admin; the next load of the page brings them.
const orNothing = <P,>(load: () => Promise<{ default: ComponentType<P> }>) => lazy(() => load().catch(() => ({ default: (_: P) => null })));
const MenuDrawer = orNothing(() => import('./MenuDrawer'));
const BackToTop = orNothing(() => import('./BackToTop'));

const SIDER_WIDTH = 256;
const SIDER_COLLAPSED_WIDTH = 64;
const COLLAPSED_KEY = 'shell.menuCollapsed';

function useRemembered(key: string): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => localStorage.getItem(key) === '1');
  const set = (next: boolean) => {
    localStorage.setItem(key, next ? '1' : '0');
    setValue(next);
  };
  return [value, set];
}

function Shell() {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  // lg is antd's 992 px breakpoint; before the first measure, assume a desktop.
  const small = screens.lg === false;
  const [collapsed, setCollapsed] = useRemembered(COLLAPSED_KEY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [contentFull, setContentFull] = useState(false);
  const content = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!contentFull) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setContentFull(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [contentFull]);

  useEffect(() => {
    if (!small) setDrawerOpen(false);
  }, [small]);

  // antd's parts the first screen does not draw (a dropdown's options, the virtual table): fetched once it is drawn.
  useEffect(() => void whenIdle(() => void prefetchOnDemand()), []);

  const toggleMenu = () => (small ? setDrawerOpen(!drawerOpen) : setCollapsed(!collapsed));

  return (
    <Layout style={{ height: '100vh', overflow: 'hidden' }}>
      <UnsavedChangesNotifier />
      {!small && !contentFull && (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={collapsed}
          theme="light"
          data-testid="sider"
          style={{ borderRight: `1px solid ${token.colorBorderSecondary}`, overflowY: 'auto', overflowX: 'hidden' }}
        >
          <SideMenu collapsed={collapsed} />
        </Layout.Sider>
      )}
      {small && (
        <Suspense fallback={null}>
          <MenuDrawer width={SIDER_WIDTH} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      <Layout style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        {!contentFull && <HeaderBar collapsed={small ? !drawerOpen : collapsed} onToggleMenu={toggleMenu} />}
        <TagBar contentFull={contentFull} onToggleContentFull={() => setContentFull(!contentFull)} />
        {/* The content scrolls on its own: focusable, so a keyboard can scroll a screen that has no control.
            data-path names the screen it shows: the previous one stays in view while the next one's code loads. */}
        <main ref={content} data-testid="content" data-path={pathname} tabIndex={0} style={{ flex: 1, overflow: 'auto', padding: 16 }}>
          <ContentScrollContext value={content}>
            <RouteGuard>
              <KeptScreens />
            </RouteGuard>
          </ContentScrollContext>
          <Suspense fallback={null}>
            <BackToTop content={content} />
          </Suspense>
        </main>
      </Layout>
    </Layout>
  );
}

export function AppLayout() {
  return (
    <AbilityGate>
      <TagsProvider>
        <Shell />
      </TagsProvider>
    </AbilityGate>
  );
}
