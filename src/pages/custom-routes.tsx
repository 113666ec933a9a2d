/**
 * Pages that are not resources: public pages outside the shell (e.g. /googleVerify) and shell pages
 * without a menu entry. Resource screens are declared in resources/, not here.
 */
import type { ReactNode } from 'react';

export const publicRoutes: ReactNode[] = [];
export const shellRoutes: ReactNode[] = [];
