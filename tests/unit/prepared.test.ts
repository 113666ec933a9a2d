import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { insertValues, placeholdersFor, statementName } from '../../server/db/prepared';

const notes = pgTable('notes', {
  id: integer('id').primaryKey(),
  body: text('body'),
  extras: jsonb('extras'),
  at: timestamp('at', { withTimezone: true }),
});
const stamped = pgTable('stamped', { id: integer('id'), token: text('token').$defaultFn(() => 'drawn at build time') });

describe('statementName', () => {
  it('names a statement after its text: one name per text, another for any other text', () => {
    const names = ['select 1 from a where id = $1', 'select 1 from a where id = $1', 'select 1 from a where id = $1 for update'].map(statementName);
    expect(names[0]).toBe(names[1]);
    expect(names[2]).not.toBe(names[0]);
    // PostgreSQL truncates identifiers past 63 bytes: a name must stay well within.
    for (const name of names) expect(name).toMatch(/^p[A-Za-z0-9_-]{20}$/);
  });
});

describe('insertValues', () => {
  it('encodes values as drizzle does, keeps null SQL null, and names the columns given', () => {
    const at = new Date('2026-11-28T06:00:00Z');
    expect(insertValues(notes, { id: 1, body: null, extras: { a: 1 }, at, unused: undefined }, 'r0_')).toEqual({
      columns: 'id,body,extras,at',
      values: { r0_id: 1, r0_body: null, r0_extras: '{"a":1}', r0_at: at.toISOString() },
    });
    expect(insertValues(notes, { id: 2, extras: null }).values.extras).toBeNull();
  });

  it('refuses SQL and names that are no column', () => {
    expect(() => insertValues(notes, { id: 1, at: sql`now()` })).toThrow(/not SQL/);
    expect(() => insertValues(notes, { id: 1, nope: 1 })).toThrow(/not a column/);
  });
});

describe('placeholdersFor', () => {
  it('gives a placeholder per column, and refuses to leave out a column drizzle would fill in once', () => {
    expect(Object.keys(placeholdersFor(notes, 'id,body', 'r1_'))).toEqual(['id', 'body']);
    expect(() => placeholdersFor(stamped, 'id')).toThrow(/token/);
    expect(Object.keys(placeholdersFor(stamped, 'id,token'))).toEqual(['id', 'token']);
  });
});
