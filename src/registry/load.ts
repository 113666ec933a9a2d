/**
 * The resource registry (Refine's resources made from the outlines, ./registry.ts) is its own chunk,
 * loaded the first time a page outside the public ones (login, error pages, binding) is shown.
 */
import { useEffect, useState } from 'react';
import { withChunkTimeout } from '../common/error-log/chunks';

export type Registry = typeof import('./registry');

export { isPublicPath } from './public-paths';

let loaded: Registry | null = null;
let loading: Promise<Registry> | null = null;
/** Loads the registry chunk once; also called ahead of time while the user types on the login page. */
export const loadRegistry = () => (loading ??= withChunkTimeout(() => import('./registry'))().then((m) => (loaded = m)));

/** The registry once `needed` has been true; null while it loads. A failed load reaches the error boundary. */
export function useRegistry(needed: boolean): Registry | null {
  const [registry, setRegistry] = useState<Registry | null>(loaded);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (needed && !registry) void loadRegistry().then(setRegistry, setError);
  }, [needed, registry]);
  if (error) throw error;
  return registry;
}
