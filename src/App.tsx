/**
 * The signed-in app, loaded by Root.tsx after sign-in (or at once with a session): antd theme and
 * locale, Refine with its providers, and the route table.
 */
import { Suspense } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { Refine } from '@refinedev/core';
import routerProvider, { DocumentTitleHandler } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, Spin } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { authProvider } from './providers/auth';
import { accessControlProvider } from './providers/access';
import { dataProvider } from './providers/data';
import { i18nProvider } from './providers/i18n';
import { useNotificationProvider } from './providers/notification';
import { PRODUCT_TITLE } from './providers/config';
import { liveProvider } from './realtime/live-provider';
import { antdLocale, followLanguageInDayjs } from './shell/antd-locale';
import { HttpBridge } from './shell/HttpBridge';
import { ErrorBoundary } from './shell/error-log/ErrorBoundary';
import { AppRoutes } from './routes';
import { isPublicPath, useRegistry } from './registry';
import { THEME, WAVE } from './theme';

followLanguageInDayjs(i18next);

export function App() {
  const { i18n } = useTranslation();
  return (
    <BrowserRouter>
      <ConfigProvider locale={antdLocale(i18n.language)} theme={THEME} wave={WAVE}>
        <AntdApp>
          {/* Whatever fails outside a screen (header, menu, tags, the login and error pages, the shell's
              own chunk) gets the friendly panel instead of a blank page. */}
          <ErrorBoundary fullPage>
            <AppRefine />
          </ErrorBoundary>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}

/** Refine with its providers; the resources arrive with the registry chunk (not needed on /login). */
function AppRefine() {
  const { t, i18n } = useTranslation();
  const registry = useRegistry(!isPublicPath(useLocation().pathname));
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={useNotificationProvider}
      liveProvider={liveProvider}
      resources={registry?.refineResources ?? []}
      options={{ liveMode: 'auto', syncWithLocation: true, warnWhenUnsavedChanges: true, disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
    >
      <HttpBridge />
      <Suspense fallback={<Spin fullscreen />}>
        <AppRoutes declarations={registry?.declarations} />
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
}
