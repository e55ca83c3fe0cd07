/**
 * The demo template (core/server/demo-template.ts): a first start that fits it opens the seeded
 * database and files the build made, moves their dates on by the whole days since, drops the
 * template's token secret, and serves the demo; a start it does not fit prepares its own folder.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildServer } from '../../core/server/app';
import { clock, clockControl } from '../../core/server/clock';
import { embeddedDatabase, type Database } from '../../core/server/db/database';
import { openPGlite } from '../../core/server/db/pglite';
import { adoptDemoTemplate, markAsTemplate, openFromDemoTemplate, packTemplate } from '../../core/server/demo-template';
import { isNewDataFolder } from '../../core/server/first-start';
import { demoEmails, demoPassword, seedDataDir, testEnv } from './server';

const dayMs = 86_400_000;
let root: string;
let templateDir: string;

/** The next scheduled issue's time, the last day of the audience figures, the scheduled job's times, and the secret's rows. */
async function times(database: Database) {
  const { rows } = await sql<{ planned: Date; lastDay: Date; startAfter: Date; jobAt: string; secrets: number }>`
    select (select max(planned_at) from issues where scheduled) as "planned",
      (select max(date) from audience_daily) as "lastDay",
      (select max(start_after) from pgboss.job where data ? 'at') as "startAfter",
      (select max(data->>'at') from pgboss.job) as "jobAt",
      (select count(*)::int from settings where key in ('jwt_secret', 'demo_template_made')) as "secrets"`.execute(database.db);
  return rows[0]!;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'masthead-template-'));
  templateDir = join(root, 'template');
  // The build's setup, made three and a half days ago: the seeded demo data, recorded as the template.
  const made = join(root, 'made');
  await seedDataDir(made);
  const database = embeddedDatabase(await openPGlite(made));
  clockControl.set(clock.ms() - 3.5 * dayMs);
  try {
    await markAsTemplate(database, testEnv(made), templateDir);
  } finally {
    clockControl.reset();
    await database.close();
  }
  await packTemplate(made, templateDir);
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a first start from the demo template', () => {
  test('opens the demo data with its files, three days on, with a secret of its own, and serves it', async () => {
    const dataDir = join(root, 'first');
    const env = testEnv(dataDir);
    expect(isNewDataFolder(env)).toBe(true);
    const database = await openFromDemoTemplate(env, templateDir);
    expect(database).toBeDefined();
    expect(existsSync(join(dataDir, 'uploads', 'images'))).toBe(true);
    const before = await times(database!);
    expect(before.secrets).toBe(2);

    await adoptDemoTemplate(database!);
    const after = await times(database!);
    expect(after.planned.getTime() - before.planned.getTime()).toBe(3 * dayMs);
    expect(after.lastDay.getTime() - before.lastDay.getTime()).toBe(3 * dayMs);
    expect(after.startAfter.getTime() - before.startAfter.getTime()).toBe(3 * dayMs);
    expect(Date.parse(after.jobAt) - Date.parse(before.jobAt)).toBe(3 * dayMs);
    expect(after.planned.getTime()).toBeGreaterThan(clock.ms());
    expect(after.secrets).toBe(0);
    // Once: a later start moves nothing.
    await adoptDemoTemplate(database!);
    expect(await times(database!)).toEqual(after);

    const server = await buildServer({ env, database, logger: false });
    try {
      const answer = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: demoEmails.director, password: demoPassword } });
      expect(answer.statusCode).toBe(200);
      const secret = await server.database.db.selectFrom('settings').select('value').where('key', '=', 'jwt_secret').executeTakeFirst();
      expect(secret?.value).toMatch(/^[\w-]{40,}$/);
    } finally {
      await server.close();
    }
    expect(isNewDataFolder(env)).toBe(false);
  }, 60_000);

  test('is not taken where the demo data would differ, and a copy stopped midway starts over', async () => {
    const dataDir = join(root, 'other');
    expect(await openFromDemoTemplate(testEnv(dataDir, { DEMO_PASSWORD: 'Another-password-2' }), templateDir)).toBeUndefined();
    expect(await openFromDemoTemplate(testEnv(dataDir, { PUBLIC_URL: 'https://news.example' }), templateDir)).toBeUndefined();
    expect(await openFromDemoTemplate(testEnv(dataDir, { DEMO_DATA: 'off' }), templateDir)).toBeUndefined();
    expect(await openFromDemoTemplate(testEnv(dataDir, { DATABASE_URL: 'postgres://127.0.0.1:1/none' }), templateDir)).toBeUndefined();
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);

    const stopped = join(root, 'stopped');
    const database = await openFromDemoTemplate(testEnv(stopped), templateDir);
    await database!.close();
    expect(isNewDataFolder(testEnv(stopped))).toBe(false);
    writeFileSync(join(stopped, '.copying-demo-template'), '');
    expect(isNewDataFolder(testEnv(stopped))).toBe(true);
  }, 60_000);
});
