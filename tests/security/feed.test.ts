/**
 * The podcast feed is read by feed readers that render an item's description as HTML: whatever
 * an episode's body holds, no script, event handler or javascript: address reaches them.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTone } from '../../core/server/services/demo-audio';
import { createRecording } from '../../plugins/recordings/server/public';
import { descriptionHtml } from '../../plugins/episodes/server/feed';
import { startTestServer, type TestServer } from '../api/server';

const attacks = [
  '<img src=x onerror="alert(1)"><script>alert(document.cookie)</script><p>Merhaba</p>',
  '<a href="javascript:alert(1)">tıkla</a><iframe src="https://evil.example"></iframe><p onclick="alert(1)">Devam</p>',
  'Metin <script>alert(1)</script> & <img src=x onerror=alert(1)>',
];
const plainText = 'Düz metin: 3 < 5 & "alıntı"\n\nİkinci paragraf';

describe('the podcast feed', () => {
  let t: TestServer;
  let descriptions: Map<string, string>;

  beforeAll(async () => {
    t = await startTestServer('pglite');
    const { db } = t.server.database;
    const newsletter = await db.selectFrom('newsletters').select(['id', 'publisher_id']).where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
    const editor = await db.selectFrom('users').select('id').where('email', '=', 'editor@masthead.local').executeTakeFirstOrThrow();
    const recording = await createRecording(t.server.context, {
      publisherId: newsletter.publisher_id,
      uploaderId: editor.id,
      title: 'Saldırı kaydı',
      subtitle: '',
      image: '',
      audio: { buffer: await demoTone({ seconds: 1, notes: [440] }), mime: 'audio/mpeg', ext: 'mp3' },
    });
    const token = await t.login('editor@masthead.local');
    descriptions = new Map();
    for (const [index, body] of [...attacks, plainText].entries()) {
      const title = `Saldırı ${index}`;
      const { status } = await t.request('POST', '/api/episodes/create', {
        token,
        body: { newsletter: newsletter.id, recording: recording._id, title, body, status: 'published' },
      });
      expect(status).toBe(200);
    }
    const feed = await t.server.app.inject({ method: 'GET', url: '/n/sabah-bulteni/podcast.xml' });
    const parser = new XMLParser({ isArray: (name) => name === 'item', parseTagValue: false, processEntities: true });
    for (const item of parser.parse(feed.body).rss.channel.item as Array<{ title: string; description: string }>)
      descriptions.set(item.title, item.description);
  }, 60_000);
  afterAll(() => t?.close());

  it('carries no script, handler or javascript: address in a description', () => {
    for (const index of attacks.keys()) {
      const description = descriptions.get(`Saldırı ${index}`)!;
      expect(description).toBeTruthy();
      expect(description).not.toMatch(/<script|<iframe|\son\w+\s*=|javascript:/i);
    }
  });

  it('keeps the markup a reader should show, and shows plain text as text', () => {
    expect(descriptions.get('Saldırı 0')).toContain('<p>Merhaba</p>');
    expect(descriptions.get('Saldırı 1')).toContain('<p>Devam</p>');
    expect(descriptions.get(`Saldırı ${attacks.length}`)).toBe('<p>Düz metin: 3 &lt; 5 &amp; &quot;alıntı&quot;</p><p>İkinci paragraf</p>');
  });

  it('makes our own addresses absolute', () => {
    expect(descriptionHtml('<p><img src="/uploads/a.png" alt=""><a href="/s/haber">haber</a></p>', 'https://masthead.example')).toBe(
      '<p><img src="https://masthead.example/uploads/a.png" alt="" /><a href="https://masthead.example/s/haber">haber</a></p>',
    );
  });
});
