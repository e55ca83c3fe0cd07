/**
 * The security headers of every answer (helmet's): a Content-Security-Policy that allows only our
 * own origin, and the players of a story's or an issue's live page (core/server/rich-text-media.ts)
 * on those pages alone. Both policies are built once, when the server starts: @fastify/helmet built
 * helmet again on every request, which parsed the policy each time (docs/decisions/0044-security-headers.md).
 */
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import { liveEmbedSources } from './rich-text-media';

/** A story's or an issue's live page, where its embeds play. */
const livePage = (request: IncomingMessage) => /^\/[si]\//.test(request.url ?? '');

export function addSecurityHeaders(app: FastifyInstance, apiUrl: string): void {
  const withPlayers = (players: boolean) =>
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Fluent UI writes its styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // Nothing else frames or loads others' scripts.
          frameSrc: ["'self'", ...(players ? liveEmbedSources.frames : [])],
          scriptSrc: ["'self'", ...(players ? liveEmbedSources.scripts : [])],
          // API_URL may name another origin (a proxy in front of the API).
          connectSrc: ["'self'", ...(/^https?:/.test(apiUrl) ? [new URL(apiUrl).origin] : [])],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
  const live = withPlayers(true);
  const other = withPlayers(false);
  // As the request arrives, before the route's own hooks: a refusal carries the headers too.
  app.addHook('onRequest', (request, reply, done) =>
    (livePage(request.raw) ? live : other)(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}
