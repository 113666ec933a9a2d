import { describe, expect, it } from 'vitest';
import { runPrepared } from '../../server/db/prepared';

/** A query as runPrepared sees it: its text, and the name it was prepared under. */
function fakeQuery(text: string, names: string[]) {
  return { toSQL: () => ({ sql: text }), prepare: (name: string) => ({ execute: async () => names.push(name) }) };
}

describe('runPrepared', () => {
  it('names a statement after its text: one name per text, another for any other text', async () => {
    const names: string[] = [];
    await runPrepared(fakeQuery('select 1 from a where id = $1', names));
    await runPrepared(fakeQuery('select 1 from a where id = $1', names));
    await runPrepared(fakeQuery('select 1 from a where id = $1 for update', names));
    expect(names[0]).toBe(names[1]);
    expect(names[2]).not.toBe(names[0]);
    // PostgreSQL truncates identifiers past 63 bytes: a name must stay well within.
    for (const name of names) expect(name).toMatch(/^p[A-Za-z0-9_-]{20}$/);
  });
});
