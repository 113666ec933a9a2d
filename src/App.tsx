/**
 * The signed-in app, loaded by Root.tsx after sign-in (or at once with a session): antd theme and
 * locale, Refine with its providers, and the route table.
 */
import { memo, Suspense, useEffect, useReducer } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { Refine, type RefineProps } from '@refinedev/core';
import routerProvider, { DocumentTitleHandler } from '@refinedev/react-router';
import { ConfigProvider, Spin } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { authProvider } from './providers/auth';
import { accessControlProvider } from './registry/access';
import { dataProvider } from './providers/data';
import { i18nProvider } from './providers/i18n';
import { useNotificationProvider } from './common/feedback/notification';
import { PRODUCT_TITLE } from './providers/config';
import { liveProvider } from './realtime/live-provider';
import { antdLocale, loadAntdLocale } from './shell/antd-locale';
import { HttpBridge } from './shell/HttpBridge';
import { ErrorBoundary } from './common/error-log/ErrorBoundary';
import { AppRoutes } from './routes';
import { isPublicPath, useRegistry } from './registry/load';
import { THEME, WAVE } from './theme';
import { FORMS } from './common/forms';
import { FeedbackProvider } from './common/feedback/Feedback';

/** What the app waits for beyond its chunk and texts (Root.tsx): antd's own texts in the interface language. */
export const appReady = (): Promise<void> => loadAntdLocale(i18next.language);

export function App() {
  const { i18n } = useTranslation();
  const locale = antdLocale(i18n.language);
  // A language switched before this chunk was in (on the login page) did not wait for antd's texts:
  // they load now and the app draws again.
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!locale) void loadAntdLocale(i18n.language).then(loaded);
  }, [locale, i18n.language]);
  return (
    <BrowserRouter>
      <ConfigProvider locale={locale} theme={THEME} wave={WAVE} form={FORMS}>
        <FeedbackProvider>
          {/* Whatever fails outside a screen (header, menu, tags, the login and error pages, the shell's
              own chunk) gets the friendly panel instead of a blank page. */}
          <ErrorBoundary fullPage>
            <AppRefine />
          </ErrorBoundary>
        </FeedbackProvider>
      </ConfigProvider>
    </BrowserRouter>
  );
}

const OPTIONS: RefineProps['options'] = { liveMode: 'auto', syncWithLocation: true, warnWhenUnsavedChanges: true, disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } };
const NO_RESOURCES: NonNullable<RefineProps['resources']> = [];

/**
 * Renders Refine again only when the page moves between the public pages and the shell, not on every
 * navigation: new props would give each Refine context a new value and draw again every screen that
 * reads one, the hidden ones of open tags too (src/shell/kept).
 */
function AppRefine() {
  return <RefineApp shell={!isPublicPath(useLocation().pathname)} />;
}

/** Refine with its providers; the resources arrive with the registry chunk (not needed on /login). */
const RefineApp = memo(function RefineApp({ shell }: { shell: boolean }) {
  const { t, i18n } = useTranslation();
  const registry = useRegistry(shell);
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={useNotificationProvider}
      liveProvider={liveProvider}
      resources={registry?.refineResources ?? NO_RESOURCES}
      options={OPTIONS}
    >
      <HttpBridge />
      <Suspense fallback={<Spin fullscreen />}>
        <AppRoutes outlines={registry?.outlines} />
      </Suspense>
      {/* Keyed by language: Refine sets the title on navigation only, and a switch in place must re-title. */}
      <DocumentTitleHandler
        key={i18n.language}
        handler={({ resource, action }) => {
          const page = resource ? t(`resources.${resource.identifier ?? resource.name}`, { defaultValue: '' }) : '';
          const title = t('app.title', { defaultValue: PRODUCT_TITLE });
          return page && action ? `${title} - ${page}` : title;
        }}
      />
    </Refine>
  );
});
