import { describe, expect, it } from 'vitest';
import { screenVisibility } from '../../src/shell/kept/screenShown';

describe('screen visibility', () => {
  it('tells its listeners each time a hidden screen shows again, not while it stays shown', () => {
    const visibility = screenVisibility();
    let shows = 0;
    const stop = visibility.onShown(() => shows++);
    visibility.set(true);
    expect(shows).toBe(0);
    visibility.set(false);
    expect(visibility.shown()).toBe(false);
    expect(shows).toBe(0);
    visibility.set(true);
    expect(visibility.shown()).toBe(true);
    expect(shows).toBe(1);
    stop();
    visibility.set(false);
    visibility.set(true);
    expect(shows).toBe(1);
  });
});
