import { describe, expect, it, vi } from 'vitest';
import type { ResourceDeclaration } from '../../resources/types';

// A declaration no setup provides, whose chunk fails at its first download, as a dropped connection would.
const probe = { name: 'probe' } as ResourceDeclaration;
const download = vi.fn<() => Promise<ResourceDeclaration>>();
vi.mock('../../src/registry/outline-data', () => ({ outlines: [], loaders: { probe: () => download() } }));

describe('resource declarations', () => {
  it('load once, and a failed download is fetched again at the next load, without a reload', async () => {
    // The unit setup has loaded the registry with every declaration: load it anew over the mock.
    vi.resetModules();
    const { declarationOf, loadDeclaration } = await import('../../src/registry/declarations');
    download.mockRejectedValueOnce(new Error('network down')).mockResolvedValue(probe);
    await expect(loadDeclaration('probe')).rejects.toMatchObject({ name: 'ChunkLoadError' });
    expect(declarationOf('probe')).toBeUndefined();
    await expect(loadDeclaration('probe')).resolves.toBe(probe);
    expect(declarationOf('probe')).toBe(probe);
    expect(loadDeclaration('probe')).toBe(loadDeclaration('probe'));
    expect(download).toHaveBeenCalledTimes(2);
    await expect(loadDeclaration('nothing')).rejects.toThrow('no resource declaration for nothing');
  });
});
