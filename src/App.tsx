/** Wiring: antd theme and locale, Refine with its providers, and the route table. */
import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { Refine } from '@refinedev/core';
import routerProvider, { DocumentTitleHandler } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { authProvider } from '../providers/auth';
import { accessControlProvider } from '../providers/access';
import { dataProvider } from '../providers/data';
import { i18nProvider } from '../providers/i18n';
import { useNotificationProvider } from '../providers/notification';
import { PRODUCT_TITLE } from '../providers/config';
import { refineResources } from '../resources';
import { antdLocale } from './shell/antd-locale';
import { HttpBridge } from './shell/HttpBridge';
import { installErrorCapture } from './shell/error-log/capture';
import { AppRoutes } from './routes';

// Errors are captured from the first render on, before any screen has a chance to fail.
installErrorCapture();

export function App() {
  const { i18n, t } = useTranslation();
  return (
    <BrowserRouter>
      <ConfigProvider locale={antdLocale(i18n.language)} theme={{ token: { colorPrimary: '#1677ff' } }}>
        <AntdApp>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useNotificationProvider}
            resources={refineResources}
            options={{ syncWithLocation: true, warnWhenUnsavedChanges: true, disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
          >
            <HttpBridge />
            <Suspense fallback={<Spin fullscreen />}>
              <AppRoutes />
            </Suspense>
            <DocumentTitleHandler
              handler={({ resource, action }) => {
                const page = resource ? t(`resources.${resource.identifier ?? resource.name}`, { defaultValue: '' }) : '';
                const title = t('app.title', { defaultValue: PRODUCT_TITLE });
                return page && action ? `${title} - ${page}` : title;
              }}
            />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
