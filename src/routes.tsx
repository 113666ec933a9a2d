/**
 * The route table: public pages, then every declared screen inside the guarded shell. Routes come
 * from the resource registry; each screen is a lazy chunk (custom screen or the generic one).
 */
import { lazy, use, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { Spin } from 'antd';
import { Authenticated } from '@refinedev/core';
import { CatchAllNavigate } from '@refinedev/react-router';
import { SCREENS, SCREEN_TEXTS, type ScreenLoader } from './screens';
import { withChunkTimeout } from './common/error-log/chunks';
import { textsLoading, textsReady } from './providers/i18n';
import { SHELL_AREAS } from '../providers/languages';
import type { ScreenAction, ScreenPart } from './screen-parts';
import type { ResourceOutline } from './registry/outline';
import { declarationOf, loadDeclaration } from './registry/declarations';
import { datePickers, numberInput } from './components/fields/parts';
import { publicRoutes, shellRoutes } from './pages/custom-routes';

// The shell (menu, header, tags) is its own chunk: the login page does not load it. Like every
// screen, these fail with the chunk-load panel after 120 s instead of spinning for ever. Its texts
// (providers/languages.ts SHELL_AREAS) came with the app's chunk (Root.tsx).
const AppLayout = lazy(withChunkTimeout(() => import('./shell/AppLayout').then((m) => ({ default: m.AppLayout }))));
const LoginPage = lazy(withChunkTimeout(() => import('./pages/login/LoginPage')));
const ErrorPage = lazy(withChunkTimeout(() => import('./pages/errors/ErrorPage')));

const GENERIC: Record<ScreenAction, ScreenLoader> = {
  list: () => import('./components/resource/ResourceList'),
  create: () => import('./components/resource/ResourceForm'),
  edit: () => import('./components/resource/ResourceForm'),
  show: () => import('./components/resource/ResourceShow'),
};

// One lazy component per loader, created once (React.lazy must not be recreated on render).
const lazyCache = new Map<ScreenLoader, ComponentType<any>>();
const lazyOf = (loader: ScreenLoader) => {
  if (!lazyCache.has(loader)) lazyCache.set(loader, lazy(withChunkTimeout(loader)));
  return lazyCache.get(loader)!;
};

/**
 * The locale areas a declaration's screens read beyond the shell's: those the declaration names (its
 * own, its `labels`, its enums', its actions': the outline's) and its custom screens' (src/screens.ts SCREEN_TEXTS).
 */
const textsCache = new Map<ResourceOutline, string[]>();
function screenAreas(d: ResourceOutline): string[] {
  if (!textsCache.has(d)) {
    const named = new Set(d.areas);
    Object.values(d.screens ?? {}).forEach((screen) => SCREEN_TEXTS[screen].forEach((area: string) => named.add(area)));
    textsCache.set(d, [...named].filter((area) => !SHELL_AREAS.includes(area)).sort());
  }
  return textsCache.get(d)!;
}

/** How each lazy part a screen may need (src/screen-parts.ts) is loaded, and whether it is in. */
const PARTS: Record<ScreenPart, { loaded: () => unknown; load: () => Promise<unknown> }> = { datePickers, numberInput };

/** What a screen waits for beyond its chunk: its declaration, its texts and its parts. */
interface Needs {
  name: string;
  areas: readonly string[];
  parts: readonly ScreenPart[];
}

/**
 * One promise per set while it loads, as React's `use` needs the same promise on each try. A failed
 * one stays, so that the render React tries again throws its error to the screen's boundary (a new
 * promise each try would keep the screen loading for ever); the boundary's retry reloads the page.
 */
const waiting = new Map<string, Promise<unknown>>();
const ready = ({ name, areas, parts }: Needs) => declarationOf(name) !== undefined && textsReady(areas) && parts.every((p) => PARTS[p].loaded() !== undefined);
function screenLoading({ name, areas, parts }: Needs): Promise<unknown> {
  const key = `${name}|${areas.join()}|${parts.join()}`;
  let promise = waiting.get(key);
  if (!promise) {
    promise = Promise.all([loadDeclaration(name), textsLoading(areas), ...parts.map((p) => PARTS[p].load())]).then(() => waiting.delete(key));
    waiting.set(key, promise);
  }
  return promise;
}

/**
 * A screen renders once its declaration, texts and parts are in, so it never shows a raw key and
 * never fetches a part after it showed: until then the shell's screen spinner shows. Its chunk is
 * fetched meanwhile, not after them.
 */
function ScreenReady({ needs, loader, children }: { needs: Needs; loader: ScreenLoader; children: ReactNode }) {
  if (!ready(needs)) {
    void loader().catch(() => undefined); // the lazy screen reports a failed chunk
    use(screenLoading(needs));
  }
  return children;
}

function screenRoutes(d: ResourceOutline) {
  const variants = [{ name: d.name, routes: d.routes }, ...(d.variants ?? [])];
  const areas = screenAreas(d);
  return variants.flatMap((v) =>
    (Object.keys(v.routes) as ScreenAction[])
      .filter((action) => v.routes[action])
      .map((action) => {
        const loader = d.screens?.[action] ? SCREENS[d.screens[action]] : GENERIC[action];
        const Screen = lazyOf(loader);
        return (
          <Route
            key={`${v.name}:${action}`}
            path={v.routes[action]}
            element={
              <ScreenReady needs={{ name: d.name, areas, parts: d.parts[v.name]?.[action] ?? [] }} loader={loader}>
                <Screen action={action} />
              </ScreenReady>
            }
          />
        );
      }),
  );
}

/** `outlines` is undefined while the registry chunk loads: shell paths wait with a spinner. */
export function AppRoutes({ outlines }: { outlines?: ResourceOutline[] }) {
  return (
    <Routes>
      <Route
        element={
          <Authenticated key="shell" fallback={<CatchAllNavigate to="/login" />}>
            <AppLayout />
          </Authenticated>
        }
      >
        <Route index element={<Navigate to="/home" replace />} />
        {outlines?.flatMap(screenRoutes)}
        {shellRoutes}
        <Route path="*" element={outlines ? <ErrorPage status={404} /> : <Spin fullscreen />} />
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
      {publicRoutes}
      <Route path="/401" element={<ErrorPage status={401} />} />
      <Route path="/404" element={<ErrorPage status={404} />} />
      <Route path="/500" element={<ErrorPage status={500} />} />
    </Routes>
  );
}
