/**
 * Full declarations (fields, schemas, actions), each loaded with its first screen: a route waits
 * for its declaration as it waits for its texts (src/routes.tsx), so screens read it at once with
 * `declarationOf`. Identifiers are a declaration's name or one of its variants'.
 */
import { loaders, outlines } from './outline-data';
import type { ResourceDeclaration } from '../../resources/types';
import { lazyModule, type LazyModule } from '../common/lazy/lazyModule';
import { identifiersOf } from './outline';

/** Each identifier's declaration name. */
const nameOf = new Map(outlines.flatMap((o) => identifiersOf(o).map((id) => [id, o.name] as const)));
/** Declarations given whole (provideDeclarations). */
const provided = new Map<string, ResourceDeclaration>();
/** Each declaration's module, made at its first load; a declaration's module is a chunk, and a failed or hung download shows the chunk-load panel. */
const modules = new Map<string, LazyModule<ResourceDeclaration>>();

const nameFor = (identifier: string) => nameOf.get(identifier) ?? identifier;

/** The declaration of an identifier once loaded (undefined before, or for an unknown identifier). */
export function declarationOf(identifier: string | undefined): ResourceDeclaration | undefined {
  if (!identifier) return undefined;
  const name = nameFor(identifier);
  return provided.get(name) ?? modules.get(name)?.loaded();
}

/** Loads an identifier's declaration once; a failed download keeps answering its failure (the chunk-load panel's retry reloads the page). */
export function loadDeclaration(identifier: string): Promise<ResourceDeclaration> {
  const name = nameFor(identifier);
  const done = provided.get(name);
  if (done) return Promise.resolve(done);
  let module = modules.get(name);
  if (!module) {
    const loader = loaders[name];
    if (!loader) return Promise.reject(new Error(`no resource declaration for ${identifier}`));
    module = lazyModule(loader);
    modules.set(name, module);
  }
  return module.load();
}

/** Declarations already at hand (the unit tests give every one, as the server has them). */
export function provideDeclarations(list: readonly ResourceDeclaration[]): void {
  for (const d of list) provided.set(d.name, d);
}
