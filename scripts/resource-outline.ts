/**
 * Vite plugin: the module `virtual:resource-outline`, which the admin's registry reads instead of
 * resources/index.ts. It exports `outlines` (each declaration's outline, src/registry/outline.ts, as
 * data) and `loaders` (per declaration, a dynamic import of the module that declares it). So the
 * signed-in route carries the menu's and routes' data only, and a screen's fields, schemas and
 * actions load with that screen. The declarations are evaluated when the module is asked for (the
 * build, the dev server, the unit tests), in Vite's module runner; in the dev server an edit under
 * resources/ makes the page load again with a new outline.
 */
import path from 'node:path';
import { runnerImport, type Plugin, type ViteDevServer } from 'vite';
import type { DeclarationSource } from './resource-outline-entry';
import type { ResourceOutline } from '../src/registry/outline';

const ID = 'virtual:resource-outline';
const RESOLVED = `\0${ID}`;

async function moduleText(root: string): Promise<string> {
  const { module } = await runnerImport<{ outlines: ResourceOutline[]; sources: Record<string, DeclarationSource> }>(path.join(root, 'scripts/resource-outline-entry.ts'), {
    configFile: false,
    root,
    logLevel: 'error',
  });
  const loaders = Object.entries(module.sources).map(
    ([name, { file, path: at }]) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(path.join(root, file))}).then((m) => at(m, ${JSON.stringify(at)})),`,
  );
  return [
    `export const outlines = ${JSON.stringify(module.outlines)};`,
    'const at = (m, path) => path.reduce((value, key) => value[key], m);',
    `export const loaders = {\n${loaders.join('\n')}\n};`,
  ].join('\n');
}

export function resourceOutline(): Plugin {
  let root = process.cwd();
  let text: Promise<string> | null = null;
  return {
    name: 'resource-outline',
    configResolved: (config) => void (root = config.root),
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? (text ??= moduleText(root)) : undefined),
    configureServer(server: ViteDevServer) {
      // The outline reads every declaration, most of which the page has not loaded: any change under
      // resources/ makes a new one and loads the page again.
      const changed = (file: string) => {
        if (!file.startsWith(path.join(root, 'resources') + path.sep)) return;
        text = null;
        const module = server.moduleGraph.getModuleById(RESOLVED);
        if (module) server.moduleGraph.invalidateModule(module);
        server.ws.send({ type: 'full-reload' });
      };
      for (const event of ['change', 'add', 'unlink'] as const) server.watcher.on(event, changed);
    },
  };
}
