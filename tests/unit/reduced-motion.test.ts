/**
 * An operator whose system asks for less motion gets an admin without antd's fades, slides and
 * click ripples; everyone else keeps them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const themeWith = async (reduce: boolean) => {
  vi.resetModules();
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query, addEventListener: () => {}, removeEventListener: () => {} }));
  return import('../../src/theme');
};

afterEach(() => vi.unstubAllGlobals());

describe('reduced motion', () => {
  it('turns motion and the click ripple off when the system asks for less motion', async () => {
    const { THEME, WAVE } = await themeWith(true);
    expect(THEME.token?.motion).toBe(false);
    expect(WAVE.disabled).toBe(true);
  });

  it('keeps them otherwise', async () => {
    const { THEME, WAVE } = await themeWith(false);
    expect(THEME.token?.motion).toBe(true);
    expect(WAVE.disabled).toBe(false);
  });
});
