/**
 * Builds the whole server: database and migrations, plugins, the API under /api, socket.io, the
 * OpenAPI document at /api/docs and the built console. `main.ts` listens; tests use it in-process.
 */
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { constants, roles } from '../shared/config';
import { coreManifest } from '../shared/plugin';
import { grantsOf, roleKeys } from '../shared/permissions';
import { registerAuthRoutes } from './auth/routes';
import { loadSession, type RoleGrants } from './auth/session';
import { createTokenService, tokenSecret, type TokenService } from './auth/tokens';
import { fastifyTrustProxy } from './trust-proxy';
import { checkAllConfig } from './config/check';
import { adoptDemoTemplate } from './demo-template';
import { watchFeatures, type LiveFeatures } from './config/features';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import type { ServerEnv } from './env';
import { installRequestEdge } from './edge';
import { frameworkErrors, installErrorHandler } from './errors';
import { loggerOptions } from './logger';
import type { AppContext, RegisteredRoute } from './plugins/contract';
import { loadPlugins, type LoadedPlugins } from './plugins/registry';
import { createRealtimeHub, type RealtimeOptions } from './realtime';
import { createRegistrar } from './routes';
import { openApiReferences } from './schemas/openapi';
import { installValidators } from './schemas/validators';
import { seedDemoData } from './seed';
import { createJobQueue, jobsSchemaOf } from './jobs';
import { registerDashboardRoutes } from './dashboards';
import { createKeyRegistry, registerKeyCheck } from './keys';
import { registerPublisherDataRoutes } from './publisher-routes';
import { readDkimKeys } from './services/dkim';
import { createMailer } from './services/mail';
import { createSecretBox } from './secret-box';
import { addSecurityHeaders } from './security-headers';
import { createLinkSigner } from './signed-links';
import { createPushSender } from './services/push';
import { createStorage } from './services/storage';
import { createExtensions } from './plugins/extension-points';
import { readerAddresses, serveConsole } from './web';

export interface BuildOptions {
  env: ServerEnv;
  /** Keep the database in memory (tests). */
  memoryDatabase?: boolean;
  /** A PostgreSQL schema to work in, over DATABASE_SCHEMA (tests give each server its own). */
  databaseSchema?: string;
  /** A database the caller opened and keeps a hand on (the tests' setup dumps the demo data it seeds); the server closes it. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Replaces config/plugins.json's list (tests). */
  enabledPlugins?: string[];
}

export interface Server {
  app: FastifyInstance;
  context: AppContext;
  database: Database;
  plugins: LoadedPlugins;
  tokens: TokenService;
  routes: RegisteredRoute[];
  features: LiveFeatures;
  close(): Promise<void>;
}

export async function buildServer(options: BuildOptions): Promise<Server> {
  const { env } = options;
  checkAllConfig();

  const app = createApp(options);
  installErrorHandler(app);
  installRequestEdge(app);
  const validatorOf = installValidators(app, { checkAnswers: env.checkAnswers });
  app.decorateRequest('session', null);

  const databaseSchema = options.databaseSchema ?? env.databaseSchema;
  const database =
    options.database ??
    (await openDatabase({
      url: env.databaseUrl,
      dataDir: options.memoryDatabase ? undefined : env.dataDir,
      schema: databaseSchema,
    }));
  const plugins = await loadPlugins(env.pluginsDir, options.enabledPlugins);
  const applied = await migrate(database, plugins.migrations);
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  // A data folder copied from the demo template moves its dates to today, once.
  if (database.kind === 'pglite') await adoptDemoTemplate(database, jobsSchemaOf(databaseSchema));

  const { db } = database;
  const secret = await tokenSecret(db, env.jwtSecret);
  const tokens = await createTokenService(secret);
  const grants: RoleGrants = new Map(roleKeys.map((role) => [role, grantsOf(roles[role], plugins.permissions)]));
  // A token counts while it verifies (signature, expiry) and its session is open in the database.
  const authenticate = async (token: string) => {
    const claims = await tokens.verify(token);
    return claims ? loadSession(db, claims, grants) : null;
  };
  const features = watchFeatures(env.configDir, app.log);
  const context = createContext(app, env, { db, locks: database.locks, secret, databaseSchema, features, authenticate, validatorOf });
  const { mail, realtime, storage, jobs } = context;

  addSecurityHeaders(app, env);
  await installBodyParsers(app);
  await registerApiDocs(app);

  const keys = createKeyRegistry();
  // What plugins made for this server and close themselves (the speech engine's threads).
  const closeHooks: (() => Promise<void> | void)[] = [];
  const { routes, apiFor } = createRegistrar({ app, context, permissions: plugins.permissions, authenticate, keys, onClose: (hook) => closeHooks.push(hook) });
  // What each plugin's register answered, for its seed.
  const owns = new Map<string, unknown>();

  await app.register(
    async (api) => {
      registerAuthRoutes(apiFor(api, coreManifest), tokens);
      registerKeyCheck(apiFor(api, coreManifest), keys.lookups);
      registerDashboardRoutes(apiFor(api, coreManifest));
      registerPublisherDataRoutes(apiFor(api, coreManifest));
      for (const plugin of plugins.enabled) owns.set(plugin.manifest.id, await plugin.register?.(apiFor(api, plugin.manifest)));
    },
    { prefix: '/api' },
  );

  await serveConsole(app, env, storage, readerAddresses(routes, db));
  await jobs.start();

  if (env.demoData) await seedDemoData({ db, env, log: app.log, storage, jobs, plugins: plugins.enabled, owns });

  app.addHook('onReady', async () => {
    realtime.attach(app.server);
  });
  app.addHook('onClose', async () => {
    features.close();
    mail.close();
    await jobs.stop();
    for (const hook of closeHooks.reverse()) await hook();
    await realtime.close();
    await database.close();
  });

  return { app, context, database, plugins, tokens, routes, features, close: () => app.close() };
}

/** The Fastify instance: its logger, limits, proxies and the envelope of the errors it meets first. */
function createApp(options: BuildOptions): FastifyInstance {
  const { env } = options;
  return Fastify({
    logger: options.logger === false ? false : { ...loggerOptions(env.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 1_048_576,
    // A tracked link's copy token (issue, subscriber, hand-over time, signature) is about 110
    // characters, past Fastify's default of 100; every route's schema still bounds its own params.
    routerOptions: { maxParamLength: 200 },
    // Errors Fastify meets before any hook (a malformed address) answer in the envelope too.
    frameworkErrors,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (nobody by default).
    trustProxy: fastifyTrustProxy(env.trustProxy),
    // One line per request only when asked for (LOG_LEVEL=debug).
    logController: new LogController({ disableRequestLogging: env.logLevel !== 'debug' && env.logLevel !== 'trace' }),
  });
}

/** The bodies the API reads: multipart (uploads), JSON (with the raw text where a route asks) and small forms. */
async function installBodyParsers(app: FastifyInstance): Promise<void> {
  // Each upload route reads its parts with its own limits (core/server/uploads.ts).
  await app.register(multipart, { limits: { files: 1, fields: 30 } });
  // JSON as Fastify reads it; a route that says `rawBody` (a webhook checking a signature over the
  // bytes) keeps the text too, and reads text/plain as JSON (Amazon SNS posts its JSON so).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (request, body, done) => {
    const raw = (request.routeOptions.config as { rawBody?: boolean }).rawBody === true;
    if (raw) request.rawBody = body as string;
    if (!raw && !/^application\/json/i.test(request.headers['content-type'] ?? '')) return done(null, body);
    parseJson(request, body as string, done);
  });
  // The forms of public pages (an unsubscribe button, RFC 8058 one-click unsubscribe): small, flat.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** The OpenAPI document of the API and its page at /api/docs. */
async function registerApiDocs(app: FastifyInstance): Promise<void> {
  const references = openApiReferences();
  await app.register(swagger, {
    refResolver: references.refResolver,
    transformObject: (document) =>
      'openapiObject' in document ? references.transformObject({ openapiObject: document.openapiObject as Record<string, unknown> }) : document.swaggerObject,
    openapi: {
      // 3.1: its schemas are JSON Schema, keywords of our own (ajv-errors' errorMessage) included.
      openapi: '3.1.0',
      info: { title: 'Masthead API', version: constants.appVersion, description: 'The API the Masthead console calls. Every path is below /api.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  // No validator badge: the document page makes no request outside our origin.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
}

/** The services the core and every plugin are given (AppContext), made once for the server. */
function createContext(
  app: FastifyInstance,
  env: ServerEnv,
  parts: Pick<RealtimeOptions, 'authenticate' | 'validatorOf'> & {
    db: Database['db'];
    locks: Database['locks'];
    secret: Uint8Array<ArrayBuffer>;
    databaseSchema: string | undefined;
    features: LiveFeatures;
  },
): AppContext {
  const { db, secret, databaseSchema } = parts;
  const mail = createMailer({
    smtpUrl: env.smtpUrl,
    from: env.mailFrom,
    dataDir: env.dataDir,
    keep: constants.delivery.outboxKeep,
    dkim: readDkimKeys(env.dkimKeys),
  });
  const realtime = createRealtimeHub({
    authenticate: parts.authenticate,
    log: app.log,
    cluster: env.databaseUrl ? { databaseUrl: env.databaseUrl, schema: databaseSchema } : undefined,
    validatorOf: parts.validatorOf,
  });
  const storage = createStorage({ dataDir: env.dataDir, s3: env.s3 });
  const jobs = createJobQueue({ db, log: app.log, schema: jobsSchemaOf(databaseSchema) });
  const push = createPushSender({ dataDir: env.dataDir });
  const links = createLinkSigner(secret);
  const secrets = createSecretBox(secret);
  return {
    env,
    db,
    locks: parts.locks,
    mail,
    push,
    storage,
    jobs,
    realtime,
    links,
    secrets,
    extensions: createExtensions(),
    log: app.log,
    features: parts.features.current,
  };
}
