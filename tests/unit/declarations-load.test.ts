import { describe, expect, it, vi } from 'vitest';
import type { ResourceDeclaration } from '../../resources/types';

// A declaration no setup provides, whose chunk fails at its first download, as a dropped connection would.
const probe = { name: 'probe' } as ResourceDeclaration;
const download = vi.fn<() => Promise<ResourceDeclaration>>();
vi.mock('../../src/registry/outline-data', () => ({ outlines: [], loaders: { probe: () => download() } }));

describe('resource declarations', () => {
  it('load once; a failed download keeps answering its failure, for the screen to show it', async () => {
    // The unit setup has loaded the registry with every declaration: load it anew over the mock.
    vi.resetModules();
    const { declarationOf, loadDeclaration } = await import('../../src/registry/declarations');
    download.mockRejectedValueOnce(new Error('network down')).mockResolvedValue(probe);
    const failed = loadDeclaration('probe');
    await expect(failed).rejects.toMatchObject({ name: 'ChunkLoadError' });
    expect(loadDeclaration('probe')).toBe(failed);
    expect(declarationOf('probe')).toBeUndefined();
    expect(download).toHaveBeenCalledTimes(1);
    await expect(loadDeclaration('nothing')).rejects.toThrow('no resource declaration for nothing');
  });

  it('give a loaded declaration at once, from the same promise', async () => {
    vi.resetModules();
    const { declarationOf, loadDeclaration } = await import('../../src/registry/declarations');
    download.mockReset().mockResolvedValue(probe);
    await expect(loadDeclaration('probe')).resolves.toBe(probe);
    expect(declarationOf('probe')).toBe(probe);
    expect(loadDeclaration('probe')).toBe(loadDeclaration('probe'));
    expect(download).toHaveBeenCalledTimes(1);
  });
});
