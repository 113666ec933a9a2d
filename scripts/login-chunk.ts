/**
 * Vite plugin + chunk group that put the whole login route in one file. Left alone, the bundler
 * splits the entry's code into a chunk per set of importers (antd's button, form, theme...), which
 * turned the login page into dozens of requests. Here every module the entry imports statically
 * becomes the `login` chunk; the signed-in app's chunks import what they share with it from there.
 * (The login texts stay small files of their own, one per area and language: src/providers/i18n.ts.)
 */
import type { Plugin } from 'vite';

/** Libraries' indexes of every component: reaching one would put the whole library in the login chunk. */
const BARRELS = /node_modules[\\/](antd[\\/]es|@ant-design[\\/]icons[\\/]es)[\\/]index\.js$/;

/**
 * Modules the login route reaches in the import graph but never runs: antd's button theme imports
 * the colour picker's presets, which import Collapse. Not following them keeps them out of the
 * login chunk; were one needed after all, it would only cost the login route one more request.
 */
const NOT_ON_LOGIN = /node_modules[\\/](antd[\\/]es[\\/]collapse|rc-collapse)[\\/]/;

export function loginChunk(entry: string) {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'login-chunk',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const ids = [...this.getModuleIds()];
      const start = ids.find((id) => id.replace(/\\/g, '/').endsWith(`/${entry}`));
      if (!start) throw new Error(`login-chunk: the build has no ${entry}`);
      const todo = [start];
      while (todo.length) {
        const info = this.getModuleInfo(todo.pop()!);
        if (!info || modules.has(info.id) || NOT_ON_LOGIN.test(info.id)) continue;
        modules.add(info.id);
        todo.push(...info.importedIds);
      }
      const barrel = [...modules].find((id) => BARRELS.test(id));
      if (barrel) throw new Error(`login-chunk: the login route imports ${barrel}, a library's index of everything; import the parts it shows by path (src/pages/login/antd-parts.ts)`);
      // The entry stays the entry chunk (index.html loads it); its styles stay CSS.
      modules.delete(start);
      for (const id of modules) if (/\.css($|\?)/.test(id)) modules.delete(id);
    },
  };
  // Dependencies are not pulled in after the fact: the set above is already closed, except for
  // NOT_ON_LOGIN, which must stay out.
  const group = { name: 'login', test: (id: string) => modules.has(id), priority: 100, includeDependenciesRecursively: false };
  return { plugin, group };
}
