/** The route table: public pages, then everything else inside the guarded shell. Screens are lazy. */
import { lazy } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { Authenticated } from '@refinedev/core';
import { CatchAllNavigate } from '@refinedev/react-router';
import { AppLayout } from './shell/AppLayout';
import { RouteGuard } from './shell/RouteGuard';

const LoginPage = lazy(() => import('./pages/login/LoginPage'));
const ErrorPage = lazy(() => import('./pages/errors/ErrorPage'));
const HomePage = lazy(() => import('./pages/home/HomePage'));

export function AppRoutes() {
  return (
    <Routes>
      <Route
        element={
          <Authenticated key="shell" fallback={<CatchAllNavigate to="/login" />}>
            <AppLayout>
              <RouteGuard>
                <Outlet />
              </RouteGuard>
            </AppLayout>
          </Authenticated>
        }
      >
        <Route index element={<Navigate to="/home" replace />} />
        <Route path="/home" element={<HomePage />} />
        <Route path="*" element={<ErrorPage status={404} />} />
      </Route>
      <Route
        element={
          <Authenticated key="public" fallback={<Outlet />}>
            <Navigate to="/home" replace />
          </Authenticated>
        }
      >
        <Route path="/login" element={<LoginPage />} />
      </Route>
      <Route path="/401" element={<ErrorPage status={401} />} />
      <Route path="/404" element={<ErrorPage status={404} />} />
      <Route path="/500" element={<ErrorPage status={500} />} />
    </Routes>
  );
}
