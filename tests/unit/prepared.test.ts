import { describe, expect, it } from 'vitest';
import { statementName } from '../../server/db/prepared';

describe('statementName', () => {
  it('names a statement after its text: one name per text, another for any other text', () => {
    const names = ['select 1 from a where id = $1', 'select 1 from a where id = $1', 'select 1 from a where id = $1 for update'].map(statementName);
    expect(names[0]).toBe(names[1]);
    expect(names[2]).not.toBe(names[0]);
    // PostgreSQL truncates identifiers past 63 bytes: a name must stay well within.
    for (const name of names) expect(name).toMatch(/^p[A-Za-z0-9_-]{20}$/);
  });
});
