/** The stage table at the end of a run: each stage's time, and a total of what ran one after another. */
import { describe, expect, it, vi } from 'vitest';
import { printStages } from '../../scripts/stage-table';

describe('stage table', () => {
  it('leaves a stage that ran beside the next ones out of the total', () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    printStages([
      { name: 'typecheck', seconds: 43, ok: true, beside: true },
      { name: 'vitest', seconds: 419, ok: true },
      { name: 'e2e', seconds: 235, ok: false },
    ]);
    log.mockRestore();
    const table = lines.join('\n');
    expect(table).toMatch(/typecheck\s+0:43\s+ok \(beside the next, not in the total\)/);
    expect(table).toMatch(/e2e\s+3:55\s+FAILED/);
    expect(table).toMatch(/total\s+10:54/);
  });
});
