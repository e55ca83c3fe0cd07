/**
 * What a server plugin is given and what it gives back. A plugin's server/index.ts exports
 * `serverPlugin(manifest, { register, seed })`. A plugin that makes something of its own for a
 * server (an engine with threads) closes it with `api.onClose` and hands it to its `seed` by
 * answering it from `register`.
 */
import type { AnySchema } from 'ajv';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Features } from '../../shared/config';
import type { BodyOf, Endpoint, HttpMethod, PathParamsOf, QueryOf, ResultOf } from '../../shared/endpoints';
import type { Permission } from '../../shared/permissions';
import type { PluginManifest } from '../../shared/plugin';
import type { Session } from '../auth/session';
import type { Handle } from '../db/database';
import type { ProcessLocks } from '../db/process-locks';
import type { ServerEnv } from '../env';
import type { RealtimeHub } from '../realtime';
import type { JobQueue } from '../jobs';
import type { KeyRegistry } from '../keys';
import type { Mailer } from '../services/mail';
import type { PushSender } from '../services/push';
import type { Storage } from '../services/storage';
import type { SecretBox } from '../secret-box';
import type { LinkSigner } from '../signed-links';
import type { Extensions } from './extension-points';

export type { HttpMethod };

/**
 * A route's answers by status: the success it gives (200, or 204 with no body, 302 for a redirect),
 * built from the schemas of schemas/ (core/server/schemas/parts.ts: `answer`, `listAnswer`). The
 * registrar adds the error envelope for 4xx and 5xx. Fastify serializes with it, the OpenAPI
 * document shows it, and with CHECK_ANSWERS an answer that does not match it is a 500.
 */
export type RouteAnswers = { [status: number]: AnySchema };

export interface RouteSchema {
  body?: AnySchema;
  querystring?: AnySchema;
  params?: AnySchema;
  response: RouteAnswers;
  summary?: string;
  description?: string;
}

interface RouteBase<Body, Query, Params> {
  method: HttpMethod;
  /** Below /api, e.g. '/resources/list'. */
  url: string;
  schema: RouteSchema;
  bodyLimit?: number;
  /** The route reads a multipart upload (core/server/uploads.ts refuses to read one elsewhere). */
  upload?: true;
  /** The handler gets the body as it came too (`request.rawBody`), and a text/plain body is read as JSON: a provider's webhook checks a signature over it. */
  rawBody?: true;
  _types?: [Body, Query, Params];
}

export type ApiRequest<Body = unknown, Query = unknown, Params = unknown> = FastifyRequest<{ Body: Body; Querystring: Query; Params: Params }>;
type Handler<Body, Query, Params, S> = (request: ApiRequest<Body, Query, Params>, reply: FastifyReply, session: S) => Promise<unknown>;

/** Deny by default: a route says who may call it, or it is refused at registration (core/server/routes.ts builds one from a served endpoint). */
export type RouteDefinition<Body = unknown, Query = unknown, Params = unknown> = RouteBase<Body, Query, Params> &
  (
    | { public: true; requires?: never; signedIn?: never; handler: Handler<Body, Query, Params, Session | null> }
    | { signedIn: true; public?: never; requires?: never; handler: Handler<Body, Query, Params, Session> }
    | { requires: Permission; public?: never; signedIn?: never; handler: Handler<Body, Query, Params, Session> }
  );

type EndpointHandler<E extends Endpoint, S> = (
  request: ApiRequest<BodyOf<E>, QueryOf<E>, PathParamsOf<E>>,
  reply: FastifyReply,
  session: S,
) => Promise<ResultOf<E> | FastifyReply>;

/**
 * How a plugin serves a declared endpoint (core/shared/endpoints.ts): who may call it, what the
 * OpenAPI document says of it, and the handler, whose request and answer have the endpoint's types.
 */
export type ServeDefinition<E extends Endpoint> = { summary: string; description?: string; bodyLimit?: number; rawBody?: true } & (
  | { public: true; requires?: never; signedIn?: never; handler: EndpointHandler<E, Session | null> }
  | { signedIn: true; public?: never; requires?: never; handler: EndpointHandler<E, Session> }
  | { requires: Permission; public?: never; signedIn?: never; handler: EndpointHandler<E, Session> }
);

export interface RegisteredRoute {
  method: HttpMethod;
  url: string;
  owner: string;
  access: 'public' | 'signedIn' | Permission;
  /** Reads a multipart upload. */
  upload?: boolean;
}

export interface AppContext {
  env: ServerEnv;
  /** The database as it crosses plugins: each opens it with its own tables, `ownTables(db, id)` (core/server/db/database.ts). */
  db: Handle;
  /** Locks held while this process lives, which other processes see go when it dies (core/server/db/process-locks.ts). */
  locks: ProcessLocks;
  mail: Mailer;
  push: PushSender;
  storage: Storage;
  jobs: JobQueue;
  realtime: RealtimeHub;
  /** Signs the values of addresses handed out in e-mails (unsubscribe links). */
  links: LinkSigner;
  /** Seals secrets kept at rest (a publisher's payment keys) and opens them again. */
  secrets: SecretBox;
  /** What plugins contribute to each other's extension points (extension-points.ts): a plugin's tracking, a newsletter's parts, a public page's sections. */
  extensions: Extensions;
  log: FastifyBaseLogger;
  /** The features as they are now (features.json is re-read when it changes). */
  features(): Features;
}

/** A public address outside /api: a public page or a feed (/s/{slug}, /n/{key}/podcast.xml), or a page's form (POST). */
export interface PageDefinition<Params = unknown> {
  /** GET unless said; a POST takes an HTML form (application/x-www-form-urlencoded). */
  method?: 'GET' | 'POST';
  url: string;
  schema: { params?: AnySchema; querystring?: AnySchema; body?: AnySchema; response: RouteAnswers; summary?: string };
  handler(request: ApiRequest<unknown, unknown, Params>, reply: FastifyReply): Promise<unknown>;
}

export interface PluginApi extends AppContext {
  manifest: PluginManifest;
  /**
   * Serves a declared call (plugins/<id>/endpoints.ts, core/shared/endpoints.ts): its schemas come
   * from the declaration, who may call it, its summary and its handler from `definition`. The one
   * way a plugin adds a call to the API.
   */
  serve<E extends Endpoint>(endpoint: E, definition: ServeDefinition<E>): void;
  page<Params = unknown>(definition: PageDefinition<Params>): void;
  /** How GET /keys/check finds this plugin's models' keys (slugs). */
  keys: KeyRegistry;
  /**
   * Runs when the server closes, after the job queue has stopped (no job of the plugin is running)
   * and before the database closes; hooks run in the reverse order of registration. For what the
   * plugin made itself: worker threads, connections, timers.
   */
  onClose(hook: () => Promise<void> | void): void;
}

export interface SeedContext {
  /** As `AppContext.db`: opened with the plugin's own tables by `ownTables(db, id)`. */
  db: Handle;
  storage: Storage;
  /** The job queue, already started: demo schedules are real jobs. */
  jobs: JobQueue;
  log: FastifyBaseLogger;
  env: ServerEnv;
  /** Ids of the demo data the core created, for plugins to hang theirs on. */
  demo: { publisherId: string; newsletterIds: string[]; userIds: Record<'admin' | 'director' | 'editor' | 'author', string> };
}

/** `Own`: what `register` made for this server and answers (the speech plugin's engine), handed to `seed`. */
export interface ServerPlugin<Own = unknown> {
  manifest: PluginManifest;
  register?(api: PluginApi): Own | Promise<Own>;
  /**
   * Adds the plugin's demo data to an empty database (DEMO_DATA not 'off'); `own` is what `register`
   * answered. It imports its module when called (`(await import('./seed')).seedX(context)`): most
   * starts seed nothing (a restart, a copy of the demo template) and need not hold demo data's code.
   */
  seed?(context: SeedContext, own: Own): Promise<void>;
}

export function serverPlugin<Own = void>(manifest: PluginManifest, parts: Omit<ServerPlugin<Own>, 'manifest'>): ServerPlugin<Own> {
  return { manifest, ...parts };
}
