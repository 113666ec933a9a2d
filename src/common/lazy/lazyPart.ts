/**
 * A component from a chunk of its own, loaded once (./lazyModule.ts). An input's (the date
 * pickers, the number input): with the route of a form that shows one (src/screen-parts.ts,
 * src/routes.tsx), so it is in before the form renders; elsewhere when the first such input renders
 * (LazyInput.tsx). The shell's feedback holders and second login: when idle or first asked for
 * (./useChunk.ts). A failed or timed-out download stays failed, so that a render retried by
 * React gets the same answer, until someone asks for it again (retry).
 */
import type { ComponentType } from 'react';
import { lazyModule, type LazyModule } from './lazyModule';

export type LazyPart<Props> = LazyModule<ComponentType<Props>>;

export const lazyPart = <Props>(importer: () => Promise<{ default: ComponentType<Props> }>): LazyPart<Props> =>
  lazyModule(() => importer().then((m) => m.default));
