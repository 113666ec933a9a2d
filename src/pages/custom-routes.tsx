/**
 * Pages that are not resources: public pages outside the shell (e.g. /googleVerify) and shell pages
 * without a menu entry. Resource screens are declared in resources/, not here.
 */
import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { withChunkTimeout } from '../shell/error-log/chunks';

// Binding Google Authenticator comes before the shell: login sends an unbound user here first.
const GoogleVerifyPage = lazy(withChunkTimeout(() => import('./google-verify/GoogleVerifyPage')));

export const publicRoutes: ReactNode[] = [<Route key="googleVerify" path="/googleVerify" element={<GoogleVerifyPage />} />];
export const shellRoutes: ReactNode[] = [];
