/**
 * Pages that are not resources: public pages outside the shell (e.g. /googleVerify) and shell pages
 * without a menu entry. Resource screens are declared in resources/, not here.
 */
import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { withChunkTimeout } from '../common/error-log/chunks';
import { loadTexts } from '../providers/i18n';

// Binding Google Authenticator comes before the shell: login sends an unbound user here first. It
// renders once its texts are in.
const GoogleVerifyPage = lazy(
  withChunkTimeout(() => {
    const texts = loadTexts(['googleVerify']);
    texts.catch(() => undefined); // a failure is the page's, reported once through the chain below
    return import('./google-verify/GoogleVerifyPage').then((m) => texts.then(() => ({ default: m.default })));
  }),
);

export const publicRoutes: ReactNode[] = [<Route key="googleVerify" path="/googleVerify" element={<GoogleVerifyPage />} />];
export const shellRoutes: ReactNode[] = [];
