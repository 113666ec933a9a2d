/**
 * The Chromium the e2e tests and benchmarks drive, found before any stage runs so that a machine
 * without one learns it at once, not after ten minutes of other stages. In order: CHROMIUM_PATH,
 * Debian's `chromium` on PATH, Playwright's own download (if someone installed one). When none is
 * found and the user may install packages (root with apt-get), Debian's is installed; otherwise the
 * caller stops with the one command to run.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';

const executable = (file: string | undefined): file is string => {
  if (!file) return false;
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const onPath = (name: string): string | undefined => {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
};

/** Playwright's own Chromium, where `npx playwright install` put one (never installed by us: it downloads). */
function playwrightsOwn(): string | undefined {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core') as { chromium: { executablePath(): string } };
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

export function findBrowser(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return executable(fromEnv) ? fromEnv : undefined;
  return [onPath('chromium'), '/usr/bin/chromium', playwrightsOwn()].find(executable);
}

/** The browser's path, installing Debian's where we may; otherwise the reason and the command to run. */
export function ensureBrowser(): { path: string } | { problem: string } {
  const found = findBrowser();
  if (found) return { path: found };
  if (process.env.CHROMIUM_PATH) return { problem: `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file.` };
  const root = process.getuid?.() === 0;
  if (root && onPath('apt-get')) {
    console.log('No Chromium found: installing Debian\'s (apt-get install -y chromium fonts-noto-cjk)...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env });
    const installed = install && install.status === 0 ? findBrowser() : undefined;
    if (installed) return { path: installed };
    return { problem: 'apt-get could not install chromium; install it and run again: apt-get install -y chromium fonts-noto-cjk' };
  }
  return {
    problem: 'The e2e tests need Chromium and none was found. Install Debian\'s: sudo apt-get install -y chromium fonts-noto-cjk (or set CHROMIUM_PATH to a Chromium).',
  };
}
