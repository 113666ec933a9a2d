/**
 * antd's Popover and Popconfirm, each loaded on the first click that opens one (a row's confirmation,
 * a list's settings): a list's first paint does not carry them. Render one in a Suspense whose
 * fallback is its trigger, so the trigger stays where it is while it loads.
 */
import { lazy } from 'react';

export const LazyPopover = lazy(() => import('./Popups').then((m) => ({ default: m.Popover })));
export const LazyPopconfirm = lazy(() => import('./Popups').then((m) => ({ default: m.Popconfirm })));
