/** The settings read from the environment (core/server/env.ts): a value out of its form stops the start with the setting's name. */
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../core/server/env';

describe('DATABASE_SCHEMA', () => {
  it('keeps the tables in public (and the job queue in pgboss) when unset', () => {
    expect(readEnv({}).databaseSchema).toBeUndefined();
    expect(readEnv({ DATABASE_SCHEMA: '' }).databaseSchema).toBeUndefined();
  });

  it('takes a plain lower-case name', () => {
    expect(readEnv({ DATABASE_SCHEMA: 'masthead_2' }).databaseSchema).toBe('masthead_2');
  });

  it.each(['Masthead', 'a-b', '1st', 'x"; drop table users; --', 'a'.repeat(64)])('refuses %s, naming the setting', (value) => {
    expect(() => readEnv({ DATABASE_SCHEMA: value })).toThrow(`DATABASE_SCHEMA must be a lower-case name of letters, digits and _, got '${value}'`);
  });
});
