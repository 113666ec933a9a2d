/**
 * The one antd theme, for the login page and the signed-in app. Every text colour passes WCAG AA
 * (4.5:1) on the backgrounds antd puts it on: antd's defaults do not (its blue #1677ff under white
 * text is 4.1:1 and on the selected menu item's #e6f4ff 3.7:1, its grey description text 3.4:1, its
 * red 3.3:1), so the primary, description and error colours are darker shades of the same hues.
 */
// A type only: the login chunk does not load antd's index for it.
import type { ThemeConfig } from 'antd';

/**
 * An operator who asks the system for less motion (prefers-reduced-motion) gets none: no fades,
 * slides or click ripples (WCAG 2.3.3). Read once at start, as antd reads its theme.
 */
const REDUCED_MOTION = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** antd's click ripple, off with the rest of the motion. */
export const WAVE = { disabled: REDUCED_MOTION };

export const THEME: ThemeConfig = {
  token: {
    motion: !REDUCED_MOTION,
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // A select's placeholder is real text (an input's is not checked): antd's #bfbfbf is 1.8:1.
    colorTextPlaceholder: '#767676',
  },
  components: {
    // An unchecked switch shows its white "Off" on antd's light grey track (1.8:1): a darker grey.
    Switch: { colorTextQuaternary: '#737373', colorTextTertiary: '#595959' },
  },
};
