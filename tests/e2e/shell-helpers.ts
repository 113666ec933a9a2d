import { expect, type Page } from '@playwright/test';
import { signIn } from './helpers';

// Signing in is the helpers' (one way of doing it); the shell's tests take it from here as before.
export { signIn };

export const SHOTS = 'test-results/shell-shots';

export const tag = (page: Page, key: string) => page.locator(`[data-testid="tag"][data-key="${key}"]`);
export const tagKeys = (page: Page) => page.getByTestId('tag').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
export const activeKey = (page: Page) => page.locator('[data-testid="tag"][data-active="true"]').getAttribute('data-key');

/** Opens a path and waits for its tag (`key` when the screen rewrites its URL) to be the active one. */
export async function openPage(page: Page, path: string, key = path): Promise<void> {
  await page.goto(path);
  await expect(tag(page, key)).toHaveAttribute('data-active', 'true');
}

export async function pickLanguage(page: Page, label: string): Promise<void> {
  await page.getByTestId('language-switch').hover();
  await page.getByRole('menuitem', { name: label }).click();
  await expect(page.getByTestId('language-switch')).toHaveText(label);
  // Wait for the menu to finish closing, so screenshots show the page, not a fading menu.
  await page.mouse.move(640, 700);
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0);
}

/** Navigates inside the app the way a menu click does (a history push), without reloading it. */
export async function goInPlace(page: Page, path: string): Promise<void> {
  const here = () => new URL(page.url()).pathname === path;
  // A list just opened writes its page and filters into its URL a moment after it shows; a push made
  // before that is replaced by the list's own URL. Push again until the new path holds.
  await expect(async () => {
    if (!here()) {
      await page.evaluate((to) => {
        window.history.pushState(window.history.state, '', to);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, path);
    }
    await page.waitForTimeout(300);
    expect(here()).toBe(true);
  }).toPass({ timeout: 20_000 });
}
