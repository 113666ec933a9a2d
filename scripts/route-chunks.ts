/**
 * Vite plugin + chunk groups that put each route's code in one file. Left alone, the bundler splits
 * code into a chunk per set of importers (antd's button, form, theme...), which turned the login
 * page into dozens of requests and the signed-in shell with its list into a hundred, each
 * compressed on its own (10% more bytes than together). Here every module the first route's entry
 * needs statically becomes that route's chunk (`login`); a later route's chunk (`app`: the shell and
 * the generic list) holds what its entries need on top of the earlier chunks, and imports the rest
 * from them. What a route loads lazily stays out, in chunks of its own. (The texts stay small files
 * of their own, one per area and language: src/providers/i18n.ts.)
 *
 * "Needs" follows the exports used, as tree-shaking does for modules: every import of a module is
 * followed, but of what it re-exports from others (`export { default as Button } from './button'`,
 * `export * from './icons'`) only what is imported from it. So the login page imports from 'antd'
 * and '@ant-design/icons' like the rest of the app, and their indexes of every component bring only
 * the components it imports. What the statements do not tell (CommonJS, an import a plugin added)
 * is followed whole.
 */
import type { Plugin, Rollup } from 'vite';

/**
 * Modules a route reaches in the import graph but never runs, which the bundler drops with the code
 * that used them: antd's button theme imports the colour picker's presets, which import Collapse;
 * antd's table selection takes two array helpers from rc-tree's util, which imports the tree's node
 * for a function the table never calls. Not following them keeps them out of the routes' chunks;
 * were one needed after all, it would only cost its route one more request.
 */
const NEVER_RUN = /node_modules[\\/](antd[\\/]es[\\/]collapse[\\/]|rc-collapse[\\/]|rc-tree[\\/]es[\\/]TreeNode\.js$)/;

/** Libraries' indexes of every component: one used whole would put the whole library on the login route. */
const BARRELS = /node_modules[\\/](antd[\\/]es|@ant-design[\\/]icons[\\/]es)[\\/]index\.js$/;

/** The exports of a module that are used: some by name, or all of them (the entry, a namespace import). */
type Names = ReadonlySet<string> | 'all';

/** What a module's import and re-export statements take from other modules, by the statements' sources. */
interface Shape {
  imports: { source: string; names: Names }[];
  /** exported name -> name taken from the source ('*' for `export * as ns`); 'all' for `export *`. */
  reexports: { source: string; names: ReadonlyMap<string, string> | 'all' }[];
}

type Node = { type: string; [key: string]: any };
const nameOf = (node: Node): string => (node.type === 'Literal' ? String(node.value) : node.name);
const isType = (node: Node) => node.importKind === 'type' || node.exportKind === 'type';

/**
 * An index written as imports and then `export { ... }` of what it imported (rc-table's: `import
 * VirtualTable, { genVirtualTable } from './VirtualTable'; export { ..., genVirtualTable }`), with
 * no other statement: its imports read as re-exports, so that only the names used are followed.
 * Null for any other module.
 */
function importThenExport(body: Node[]): Shape | null {
  const bindings = new Map<string, { source: string; name: string }>();
  const exported: [string, string][] = [];
  for (const node of body) {
    if (isType(node)) continue;
    if (node.type === 'ImportDeclaration') {
      for (const s of node.specifiers as Node[]) {
        if (isType(s)) continue;
        const name = s.type === 'ImportDefaultSpecifier' ? 'default' : s.type === 'ImportNamespaceSpecifier' ? '*' : nameOf(s.imported);
        bindings.set(s.local.name, { source: node.source.value, name });
      }
      // An import for its effects alone runs code: not such an index.
      if (!node.specifiers.length) return null;
    } else if (node.type === 'ExportNamedDeclaration' && !node.source && !node.declaration) {
      for (const s of (node.specifiers as Node[]).filter((x) => !isType(x))) exported.push([nameOf(s.exported), nameOf(s.local)]);
    } else if (node.type === 'ExportDefaultDeclaration' && node.declaration.type === 'Identifier') {
      exported.push(['default', node.declaration.name]);
    } else return null;
  }
  if (!exported.length || exported.some(([, local]) => !bindings.has(local))) return null;
  const bySource = new Map<string, Map<string, string>>();
  for (const [name, local] of exported) {
    const { source, name: taken } = bindings.get(local)!;
    if (!bySource.has(source)) bySource.set(source, new Map());
    bySource.get(source)!.set(name, taken);
  }
  return { imports: [], reexports: [...bySource].map(([source, names]) => ({ source, names })) };
}

function shapeOf(program: { body: readonly object[] }): Shape {
  const index = importThenExport(program.body as Node[]);
  if (index) return index;
  const shape: Shape = { imports: [], reexports: [] };
  for (const node of program.body as Node[]) {
    if (isType(node)) continue;
    if (node.type === 'ImportDeclaration') {
      const specifiers = (node.specifiers as Node[]).filter((s) => !isType(s));
      if (node.specifiers.length && !specifiers.length) continue;
      const names = specifiers.some((s) => s.type === 'ImportNamespaceSpecifier')
        ? 'all'
        : new Set(specifiers.map((s) => (s.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(s.imported))));
      shape.imports.push({ source: node.source.value, names });
    } else if (node.type === 'ExportNamedDeclaration' && node.source) {
      const names = new Map((node.specifiers as Node[]).filter((s) => !isType(s)).map((s) => [nameOf(s.exported), nameOf(s.local)]));
      if (names.size) shape.reexports.push({ source: node.source.value, names });
    } else if (node.type === 'ExportAllDeclaration') {
      shape.reexports.push({ source: node.source.value, names: node.exported ? new Map([[nameOf(node.exported), '*']]) : 'all' });
    }
  }
  return shape;
}

/** A route whose chunk holds what its entries need statically, less what earlier routes' chunks hold. */
export interface RouteChunk {
  name: string;
  /** Paths from the project root. The first route's first entry is the build's entry. */
  entries: string[];
}

export function routeChunks(routes: RouteChunk[]) {
  const sets = routes.map(() => new Set<string>());
  const plugin: Plugin = {
    name: 'route-chunks',
    apply: 'build',
    async buildEnd() {
      const ids = [...this.getModuleIds()];
      const idOf = (entry: string) => {
        const id = ids.find((m) => m.replace(/\\/g, '/').endsWith(`/${entry}`));
        if (!id) throw new Error(`route-chunks: the build has no ${entry}`);
        return id;
      };

      /** A module's statements, each source resolved to one of its imports (null when it resolves to none of them). */
      const statements = new Map<string, { shape: Shape; resolved: Map<string, string | null> } | null>();
      const read = async (info: Rollup.ModuleInfo) => {
        if (statements.has(info.id)) return statements.get(info.id)!;
        let found: { shape: Shape; resolved: Map<string, string | null> } | null = null;
        if (info.code && (info as { inputFormat?: string }).inputFormat !== 'cjs') {
          try {
            const shape = shapeOf(this.parse(info.code));
            const resolved = new Map<string, string | null>();
            for (const { source } of [...shape.imports, ...shape.reexports]) {
              if (resolved.has(source)) continue;
              const id = (await this.resolve(source, info.id))?.id;
              resolved.set(source, id && info.importedIds.includes(id) ? id : null);
            }
            found = { shape, resolved };
          } catch {
            found = null; // followed whole
          }
        }
        statements.set(info.id, found);
        return found;
      };

      /** What `starts` need statically, following of each module only the exports it is asked for. */
      const reach = async (starts: string[]) => {
        const modules = new Set<string>();
        /** The exports used so far of each module reached. */
        const used = new Map<string, Set<string> | 'all'>();
        /** Records more of a module as used; answers what was not used before, or null when nothing is new. */
        const use = (id: string, names: Names): Names | null => {
          const before = used.get(id);
          if (before === 'all') return null;
          if (names === 'all') {
            used.set(id, 'all');
            return 'all';
          }
          const known = before ?? new Set<string>();
          const added = new Set([...names].filter((n) => !known.has(n)));
          added.forEach((n) => known.add(n));
          used.set(id, known);
          return added.size || !before ? added : null;
        };

        const todo: [string, Names][] = starts.map((id) => [id, 'all']);
        while (todo.length) {
          const [id, names] = todo.pop()!;
          const info = this.getModuleInfo(id);
          if (!info || NEVER_RUN.test(id)) continue;
          const first = !modules.has(id);
          const added = use(id, names);
          if (!added) continue;
          modules.add(id);
          const known = await read(info);
          if (!known) {
            // Unread (CommonJS, a module that is no JavaScript): all of every import.
            if (first) info.importedIds.forEach((next) => todo.push([next, 'all']));
            continue;
          }
          const { shape, resolved } = known;
          if (first) {
            // The module runs, so every module it imports runs: with the names it takes from each.
            for (const { source, names: taken } of shape.imports) {
              const next = resolved.get(source);
              if (next) todo.push([next, taken]);
            }
            const accounted = new Set(resolved.values());
            info.importedIds.filter((next) => !accounted.has(next)).forEach((next) => todo.push([next, 'all']));
          }
          // What it re-exports is reached only for the names used.
          for (const { source, names: map } of shape.reexports) {
            const next = resolved.get(source);
            if (!next) continue;
            if (map === 'all') {
              todo.push([next, added]);
              continue;
            }
            const taken = [...map].filter(([exported]) => added === 'all' || added.has(exported)).map(([, local]) => local);
            if (taken.includes('*')) todo.push([next, 'all']);
            else if (taken.length) todo.push([next, new Set(taken)]);
          }
        }

        const whole = [...used].find(([id, names]) => names === 'all' && BARRELS.test(id));
        if (whole) throw new Error(`route-chunks: a route uses all of ${whole[0]}, a library's index of everything (a namespace import?); import the parts it shows by name`);
        return modules;
      };

      const claimed = new Set<string>();
      for (const [i, route] of routes.entries()) {
        const starts = route.entries.map(idOf);
        const modules = await reach(starts);
        // Each entry stays a chunk of its own (index.html or a dynamic import loads it by name);
        // styles stay CSS; an earlier route's entries and what its chunk holds stay out.
        sets[i].clear();
        for (const id of modules) if (!starts.includes(id) && !/\.css($|\?)/.test(id) && !claimed.has(id)) sets[i].add(id);
        [...sets[i], ...starts].forEach((id) => claimed.add(id));
      }
    },
  };
  // Dependencies are not pulled in after the fact: each set above is already closed, except for
  // NEVER_RUN, which must stay out.
  const groups = routes.map((route, i) => ({ name: route.name, test: (id: string) => sets[i].has(id), priority: 100 - i, includeDependenciesRecursively: false }));
  return { plugin, groups };
}
