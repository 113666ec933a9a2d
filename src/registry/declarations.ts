/**
 * Full declarations (fields, schemas, actions), each loaded with its first screen: a route waits
 * for its declaration as it waits for its texts (src/routes.tsx), so screens read it at once with
 * `declarationOf`. Identifiers are a declaration's name or one of its variants'.
 */
import { loaders, outlines } from './outline-data';
import type { ResourceDeclaration } from '../../resources/types';
import { withChunkTimeout } from '../shell/error-log/chunks';
import { identifiersOf } from './outline';

/** Each identifier's declaration name. */
const nameOf = new Map(outlines.flatMap((o) => identifiersOf(o).map((id) => [id, o.name] as const)));
const loaded = new Map<string, ResourceDeclaration>();
const loading = new Map<string, Promise<ResourceDeclaration>>();

/** The declaration of an identifier once loaded (undefined before, or for an unknown identifier). */
export const declarationOf = (identifier: string | undefined): ResourceDeclaration | undefined => (identifier ? loaded.get(nameOf.get(identifier) ?? identifier) : undefined);

/** Loads an identifier's declaration once; a failed load is tried again at the next call. */
export function loadDeclaration(identifier: string): Promise<ResourceDeclaration> {
  const name = nameOf.get(identifier) ?? identifier;
  const done = loaded.get(name);
  if (done) return Promise.resolve(done);
  let promise = loading.get(name);
  if (!promise) {
    const loader = loaders[name];
    if (!loader) return Promise.reject(new Error(`no resource declaration for ${identifier}`));
    // A declaration's module is a chunk: a failed or hung download shows the chunk-load panel.
    promise = withChunkTimeout(loader)().then(
      (d) => (loaded.set(name, d), d),
      (error: unknown) => {
        loading.delete(name);
        throw error;
      },
    );
    loading.set(name, promise);
  }
  return promise;
}

/** Declarations already at hand (the unit tests give every one, as the server has them). */
export function provideDeclarations(list: readonly ResourceDeclaration[]): void {
  for (const d of list) loaded.set(d.name, d);
}
