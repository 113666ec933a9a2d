import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from '../../src/common/lazy/lazyModule';
import { lazyPart } from '../../src/common/lazy/lazyPart';

/** An importer whose answers the test hands out one by one. */
function importer<T>() {
  const calls: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(() => new Promise<T>((resolve, reject) => calls.push({ resolve, reject })));
  return { load, calls };
}

describe('lazyModule', () => {
  it('downloads once and gives every caller the same promise', async () => {
    const { load, calls } = importer<{ n: number }>();
    const module = lazyModule(load);
    const first = module.load();
    expect(module.load()).toBe(first);
    expect(module.loaded()).toBeUndefined();
    calls[0]!.resolve({ n: 1 });
    await expect(first).resolves.toEqual({ n: 1 });
    expect(module.loaded()).toEqual({ n: 1 });
    expect(module.load()).toBe(first);
    module.retry();
    expect(module.load()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers a failed download, as a ChunkLoadError, with the same promise until retry(), then fetches again', async () => {
    const { load, calls } = importer<string>();
    const module = lazyModule(load);
    const failed = module.load();
    calls[0]!.reject(new Error('network down'));
    await expect(failed).rejects.toMatchObject({ name: 'ChunkLoadError', message: 'network down' });
    // A render React tries again sees the failure, and throws it to its boundary.
    expect(module.load()).toBe(failed);
    module.retry();
    const again = module.load();
    expect(again).not.toBe(failed);
    calls[1]!.resolve('ok');
    await expect(again).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('retry() during a download starts another, and the first one failing later leaves it standing', async () => {
    const { load, calls } = importer<string>();
    const module = lazyModule(load);
    const first = module.load();
    module.retry();
    const second = module.load();
    expect(second).not.toBe(first);
    calls[0]!.reject(new Error('network down'));
    await expect(first).rejects.toThrow('network down');
    expect(module.load()).toBe(second);
    calls[1]!.resolve('ok');
    await expect(second).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('lazyPart keeps the component, not its module', async () => {
    const Part = () => null;
    const part = lazyPart(() => Promise.resolve({ default: Part }));
    await expect(part.load()).resolves.toBe(Part);
    expect(part.loaded()).toBe(Part);
  });
});
