/**
 * The tracking addresses: the open pixel `/t/o/{token}`, the click redirect `/t/c/{token}/{n}`
 * and the read beacon `/t/r` (with its script `/t/read.js`), and the hooks the issues and
 * stories plugins call through the stories plugin's `audienceTracking`. A copy's token is its issue, subscriber and
 * hand-over time, signed: nobody can make one for another reader, and a link is looked up by its
 * place in the issue, so a redirect can only lead where the issue linked.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AudienceTracking, ContentType } from '../../stories/server/public';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { documentAnswer, emptyAnswer } from '../../../core/server/schemas/parts';
import { constants } from '../../../core/shared/config';
import { escapeHtml } from '../../../core/shared/text';
import { clickVerdict, createBurstWatch, deviceOf, openVerdict, pageSource, type RequestFacts } from './classify';
import type { AudienceEvent, Recorder } from './recorder';
import { contentStats } from './store';
import type { AnalyticsDb } from './tables';
import { clock } from '../../../core/server/clock';

/** A transparent 1×1 GIF. */
const pixelGif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

interface Copy {
  issueId: string;
  subscriberId: string;
  sentAt: number;
  /** The group of copies it belongs to (a subject test's variant), when its token names one. */
  group: number | null;
}

/** How long a process trusts the links it read for an issue (another process may have rebuilt it). */
const linksTtlMs = 60_000;

const tokenParams = { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 300 } } } as const;

export function registerTracking(api: PluginApi, db: AnalyticsDb, recorder: Recorder): AudienceTracking {
  const cache = issueCache(db);
  registerCopyPages(api, recorder, cache);
  registerReadBeacon(api, recorder);
  return trackingHooks(api, db, recorder, cache);
}

/** The open pixel and the click redirect of a sent copy. */
function registerCopyPages(api: PluginApi, recorder: Recorder, cache: IssueCache): void {
  const burst = createBurstWatch();
  /** An open or a click of a sent copy: the reader is the copy's subscriber, the source the e-mail. */
  const recordCopyHit = (
    request: FastifyRequest,
    copy: Copy,
    newsletterId: string,
    facts: RequestFacts,
    hit: Pick<AudienceEvent, 'type' | 'machine' | 'reason' | 'position' | 'storyId'>,
  ) =>
    recorder.record({
      at: new Date(facts.at),
      contentType: 'issue',
      contentId: copy.issueId,
      newsletterId,
      subscriberId: copy.subscriberId,
      source: 'email',
      device: deviceOf(facts.userAgent),
      ipHash: api.links.digest(request.ip),
      durationMs: null,
      copyGroup: copy.group,
      ...hit,
    });

  api.page<{ token: string }>({
    url: '/t/o/:token',
    schema: {
      params: tokenParams,
      response: documentAnswer('image/gif', 'A transparent 1×1 GIF, whatever the token: a broken image would show in the mail.'),
      summary: "A copy's open pixel: a transparent GIF; the open is counted, a machine's apart.",
    },
    async handler(request, reply) {
      const copy = copyOf(api, request.params.token);
      const newsletterId = copy && (await cache.newsletterOf(copy.issueId));
      if (copy && newsletterId) {
        const facts = factsOf(request, copy.sentAt);
        await recordCopyHit(request, copy, newsletterId, facts, { type: 'open', ...openVerdict(facts), position: null, storyId: null });
      }
      // A pixel always answers an image: a broken one would show in the reader's mail.
      return reply.header('content-type', 'image/gif').header('cache-control', 'no-store, max-age=0').send(pixelGif);
    },
  });

  api.page<{ token: string; position: string }>({
    url: '/t/c/:token/:position',
    schema: {
      params: {
        type: 'object',
        required: ['token', 'position'],
        properties: { token: tokenParams.properties.token, position: { type: 'string', pattern: '^[0-9]{1,5}$' } },
      },
      response: { 302: { description: "To the issue's link at that place.", type: 'null' } },
      summary: "A copy's tracked link: redirects to the issue's link at that place; the click is counted, a scanner's apart.",
    },
    async handler(request, reply) {
      const copy = copyOf(api, request.params.token);
      const position = Number(request.params.position);
      const link = copy && (await cache.linkOf(copy.issueId, position));
      const newsletterId = copy && (await cache.newsletterOf(copy.issueId));
      if (!copy || !link || !newsletterId) return notFoundPage(reply);
      const facts = factsOf(request, copy.sentAt);
      const verdict = clickVerdict(facts, request.method !== 'HEAD' && burst(request.params.token, position, facts.at));
      await recordCopyHit(request, copy, newsletterId, facts, { type: 'click', ...verdict, position, storyId: link.story_id });
      return reply.header('cache-control', 'no-store').redirect(link.url, 302);
    },
  });
}

/** The read beacon of the public pages, and its script. */
function registerReadBeacon(api: PluginApi, recorder: Recorder): void {
  api.page({
    url: '/t/read.js',
    schema: {
      response: documentAnswer('text/javascript; charset=utf-8', 'The beacon script.'),
      summary: "The public pages' reading beacon: sends the time the page was in view when the reader leaves it.",
    },
    async handler(_request, reply) {
      return reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(beaconScript);
    },
  });

  api.page({
    method: 'POST',
    url: '/t/r',
    schema: {
      body: {
        type: 'object',
        required: ['t'],
        properties: { t: { type: 'string', maxLength: 300 }, ms: { type: 'string', pattern: '^[0-9]{1,10}$' }, source: { type: 'string', maxLength: 20 } },
      },
      response: emptyAnswer(204, 'The read is counted.'),
      summary: "A read of a public page (the beacon): the content's signed reference, the time in view, the app that showed it (source ios or android).",
    },
    async handler(request, reply) {
      const body = request.body as { t: string; ms?: string; source?: string };
      const [marker, type, id, newsletterId] = api.links.verify(body.t)?.split('~') ?? [];
      if (marker !== 'r' || (type !== 'issue' && type !== 'story') || !id || !newsletterId) return reply.code(404).send();
      await recorder.record({
        at: clock.now(),
        type: 'read',
        contentType: type,
        contentId: id,
        newsletterId,
        subscriberId: null,
        source: pageSource(body.source),
        device: deviceOf(request.headers['user-agent'] ?? ''),
        machine: false,
        reason: '',
        ipHash: api.links.digest(request.ip),
        position: null,
        durationMs: Math.min(Number(body.ms ?? 0), constants.tracking.readMaxSeconds * 1000),
        storyId: null,
        copyGroup: null,
      });
      return reply.code(204).send();
    },
  });
}

/** The hooks the issues and stories plugins call: a build's tracked links, a copy's token, the read beacon, the numbers. */
function trackingHooks(api: PluginApi, db: AnalyticsDb, recorder: Recorder, cache: IssueCache): AudienceTracking {
  const base = api.env.publicUrl.replace(/\/+$/, '');
  return {
    async trackEmail({ issueId, newsletterId, links, mark }) {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('audience_contents')
          .values({ content_id: issueId, content_type: 'issue', newsletter_id: newsletterId })
          .onConflict((oc) => oc.column('content_id').doUpdateSet({ newsletter_id: newsletterId }))
          .execute();
        // A new build replaces the links: copies already sent keep working for the places that remain.
        await tx.deleteFrom('audience_links').where('content_id', '=', issueId).execute();
        if (links.length > 0)
          await tx
            .insertInto('audience_links')
            .values(links.map((link, position) => ({ content_id: issueId, position, url: link.url, story_id: link.storyId })))
            .execute();
      });
      cache.rebuilt(issueId, newsletterId);
      return { hrefs: links.map((_link, position) => `${base}/t/c/${mark}/${position}`), pixel: `${base}/t/o/${mark}` };
    },
    copyToken(issueId, subscriberId, sentAt, group) {
      const copy = `${issueId}~${subscriberId}~${Math.floor(sentAt.getTime() / 1000).toString(36)}`;
      return api.links.sign(group === undefined ? copy : `${copy}~${group}`);
    },
    readBeacon(content: { type: ContentType; id: string; newsletterId: string }) {
      const token = api.links.sign(`r~${content.type}~${content.id}~${content.newsletterId}`);
      return `<script src="/t/read.js" data-t="${escapeHtml(token)}" defer></script>`;
    },
    stats: (content) => contentStats(db, content),
    flush: () => recorder.flush(),
  };
}

/**
 * What a copy's addresses read of its issue, kept in memory: the newsletter of a content and the
 * links of an issue change only with a new build.
 */
function issueCache(db: AnalyticsDb) {
  const newsletters = new Map<string, string | null>();
  // An issue's links by place, read on its first click and kept while this process lives, so a
  // burst of clicks never queues for the database. A new build replaces them (trackEmail); another
  // process that rebuilt the issue is seen within linksTtlMs.
  const issueLinks = new Map<string, { at: number; byPosition: Map<number, { url: string; story_id: string | null }> }>();
  return {
    async newsletterOf(contentId: string) {
      if (!newsletters.has(contentId)) {
        const row = await db.selectFrom('audience_contents').select('newsletter_id').where('content_id', '=', contentId).executeTakeFirst();
        if (!row) return null;
        newsletters.set(contentId, row.newsletter_id);
      }
      return newsletters.get(contentId)!;
    },
    async linkOf(issueId: string, position: number) {
      let known = issueLinks.get(issueId);
      // A cache's age: real time, whatever the product's clock reads.
      if (!known || Date.now() - known.at > linksTtlMs) {
        const rows = await db.selectFrom('audience_links').select(['position', 'url', 'story_id']).where('content_id', '=', issueId).execute();
        known = { at: Date.now(), byPosition: new Map(rows.map((row) => [row.position, { url: row.url, story_id: row.story_id }])) };
        issueLinks.set(issueId, known);
        // Bounded: the issues clicked lately, oldest first out.
        if (issueLinks.size > 1000) issueLinks.delete(issueLinks.keys().next().value!);
      }
      return known.byPosition.get(position);
    },
    /** A new build of the issue: its newsletter known, its links read again. */
    rebuilt(issueId: string, newsletterId: string) {
      newsletters.set(issueId, newsletterId);
      issueLinks.delete(issueId);
    },
  };
}

type IssueCache = ReturnType<typeof issueCache>;

/** The copy a token signs, or null. */
function copyOf(api: PluginApi, token: string): Copy | null {
  const [issueId, subscriberId, sent, group] = api.links.verify(token)?.split('~') ?? [];
  if (!issueId || !subscriberId || !sent) return null;
  return { issueId, subscriberId, sentAt: parseInt(sent, 36) * 1000, group: group && /^[0-9]{1,2}$/.test(group) ? Number(group) : null };
}

/** What an open or a click of a copy is judged by (classify.ts). */
const factsOf = (request: FastifyRequest, sentAt: number): RequestFacts => ({
  method: request.method,
  userAgent: request.headers['user-agent'] ?? '',
  ip: request.ip,
  at: clock.ms(),
  sentAt,
});

function notFoundPage(reply: FastifyReply) {
  return reply
    .code(404)
    .header('content-type', 'text/html; charset=utf-8')
    .send('<!doctype html><html lang="tr"><meta charset="utf-8"><title>Bağlantı bulunamadı</title><p>Bu bağlantı geçerli değil.</p></html>');
}

/**
 * Counts the time the page is in view and sends it once, when the reader leaves or hides the
 * page. An app showing the page adds source=ios or source=android to its address.
 */
const beaconScript = `(function () {
  var script = document.currentScript;
  if (!script || !navigator.sendBeacon) return;
  var token = script.getAttribute('data-t');
  var source = new URLSearchParams(location.search).get('source') || '';
  var since = document.visibilityState === 'visible' ? Date.now() : 0;
  var shown = 0;
  var sent = false;
  function pause() { if (since) { shown += Date.now() - since; since = 0; } }
  function send() {
    pause();
    if (sent) return;
    sent = true;
    navigator.sendBeacon('/t/r', new URLSearchParams({ t: token, ms: String(shown), source: source }));
  }
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'visible') since = since || Date.now();
    else send();
  });
  window.addEventListener('pagehide', send);
})();
`;
