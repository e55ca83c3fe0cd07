/**
 * Builds the whole server: database and migrations, plugins, the API under /api, socket.io, the
 * OpenAPI document at /api/docs and the built console. `main.ts` listens; tests use it in-process.
 */
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { constants, roles } from '../shared/config';
import { coreManifest, type PluginManifest } from '../shared/plugin';
import { grantsOf, requiredRoleMessage, roleKeys, type Permission, type RoleKey } from '../shared/permissions';
import { registerAuthRoutes } from './auth/routes';
import { loadSession, type RoleGrants, type Session } from './auth/session';
import { createTokenService, tokenSecret, type TokenService } from './auth/tokens';
import { fastifyTrustProxy } from './trust-proxy';
import { checkAllConfig } from './config/check';
import { watchFeatures, type LiveFeatures } from './config/features';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import type { ServerEnv } from './env';
import { installRequestEdge } from './edge';
import { frameworkErrors, installErrorHandler, unauthorized } from './errors';
import { loggerOptions } from './logger';
import type { AppContext, PluginApi, RegisteredRoute, RouteDefinition } from './plugins/contract';
import { loadPlugins, type LoadedPlugins } from './plugins/registry';
import { createRealtimeHub } from './realtime';
import { installValidators } from './schemas/validators';
import { seedDemoData } from './seed';
import { createJobQueue } from './jobs';
import { registerDashboardRoutes } from './dashboards';
import { createKeyRegistry, registerKeyCheck } from './keys';
import { createMailer } from './services/mail';
import { createPushSender } from './services/push';
import { createStorage } from './services/storage';
import { serveConsole } from './web';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { CoreTables } from './db/tables';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

export interface BuildOptions {
  env: ServerEnv;
  /** Keep the database in memory (tests). */
  memoryDatabase?: boolean;
  /** A PostgreSQL schema to work in (tests on a server). */
  databaseSchema?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Replaces config/plugins.json's list (tests). */
  enabledPlugins?: string[];
  /** The clock the sign-in limits count with (tests move it on instead of waiting). */
  clock?: () => number;
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

const migrationsDir = join(import.meta.dirname, 'migrations');

export async function buildServer(options: BuildOptions): Promise<Server> {
  const { env } = options;
  checkAllConfig();

  const app = Fastify({
    logger: options.logger === false ? false : { ...loggerOptions(env.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 1_048_576,
    // Errors Fastify meets before any hook (a malformed address) answer in the envelope too.
    frameworkErrors,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (nobody by default).
    trustProxy: fastifyTrustProxy(env.trustProxy),
    // One line per request only when asked for (LOG_LEVEL=debug).
    logController: new LogController({ disableRequestLogging: env.logLevel !== 'debug' && env.logLevel !== 'trace' }),
  });
  installErrorHandler(app);
  installRequestEdge(app);
  installValidators(app);
  app.decorateRequest('session', null);

  const database = await openDatabase({
    url: env.databaseUrl,
    dataDir: options.memoryDatabase ? undefined : env.dataDir,
    schema: options.databaseSchema,
  });
  const plugins = await loadPlugins(env.pluginsDir, options.enabledPlugins);
  const applied = await migrate(database, [{ owner: 'core', dir: migrationsDir }, ...plugins.migrations]);
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');

  const { db } = database;
  const tokens = createTokenService(await tokenSecret(db, env.jwtSecret));
  const grants: RoleGrants = new Map(roleKeys.map((role) => [role, grantsOf(roles[role], plugins.permissions)]));
  // A token counts while it verifies (signature, expiry) and its session is open in the database.
  const authenticate = async (token: string) => {
    const claims = await tokens.verify(token);
    return claims ? loadSession(db, claims, grants) : null;
  };
  const features = watchFeatures(env.configDir, app.log);
  const mail = createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom, dataDir: env.dataDir });
  const realtime = createRealtimeHub({ authenticate, log: app.log, cluster: env.databaseUrl ? { databaseUrl: env.databaseUrl, schema: options.databaseSchema } : undefined });
  const storage = createStorage({ dataDir: env.dataDir, s3: env.s3 });
  const jobs = createJobQueue({ db, log: app.log, schema: options.databaseSchema ? `${options.databaseSchema}_jobs` : 'pgboss' });
  const push = createPushSender({ dataDir: env.dataDir });
  const context: AppContext = { env, db, mail, push, storage, jobs, realtime, log: app.log, features: features.current };

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Fluent UI writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Each upload route reads its parts with its own limits (core/server/uploads.ts).
  await app.register(multipart, { limits: { files: 1, fields: 30 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Masthead API', version: constants.appVersion, description: 'The API the Masthead console calls. Every path is below /api.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  // No validator badge: the document page makes no request outside our origin.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });

  const routes: RegisteredRoute[] = [];
  const keys = createKeyRegistry();
  const sessionOf = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    return authenticate(header.slice('Bearer '.length));
  };

  const pageFor = (manifest: PluginManifest): PluginApi['page'] => (definition) => {
    routes.push({ method: 'GET', url: definition.url, owner: manifest.id, access: 'public' });
    app.route({
      method: 'GET',
      url: definition.url,
      schema: { ...definition.schema, tags: [manifest.id] },
      handler: async (request, reply) => {
        const result = await definition.handler(request as never, reply);
        return reply.sent ? reply : result;
      },
    });
  };

  const apiFor = (instance: FastifyInstance, manifest: PluginManifest): PluginApi => ({
    ...context,
    manifest,
    page: pageFor(manifest),
    keys,
    tables: <T,>() => db.withTables<T & Record<string, Record<string, unknown>>>() as unknown as Kysely<CoreTables & T>,
    route(typed) {
      const definition = typed as unknown as RouteDefinition;
      const access = accessOf(definition);
      const declared = manifest.permissions as string[];
      if (typeof access === 'string' && access !== 'public' && access !== 'signedIn' && !plugins.permissions.includes(access)) {
        throw new Error(`${manifest.id}: route ${definition.method} ${definition.url} requires '${access}', which no enabled plugin declares (${declared.join(', ')})`);
      }
      if (!definition.schema) throw new Error(`${manifest.id}: route ${definition.method} ${definition.url} declares no schema`);
      routes.push({ method: definition.method, url: `/api${definition.url}`, owner: manifest.id, access, ...(definition.upload && { upload: true }) });
      instance.route({
        method: definition.method,
        url: definition.url,
        schema: { ...definition.schema, ...(access === 'public' ? {} : { security: [{ bearer: [] }] }), tags: [manifest.id] },
        bodyLimit: definition.bodyLimit,
        config: { upload: definition.upload === true },
        // Before the body is parsed or an upload read: an anonymous caller costs nothing and
        // learns nothing about the shape of a body.
        onRequest: async (request) => {
          request.session = await sessionOf(request);
          if (access === 'public') return;
          if (!request.session) throw unauthorized();
          if (access !== 'signedIn' && !request.session.can(access)) throw unauthorized(refusal(access, request.session.role, grants), 'UNAUTHORIZED');
        },
        handler: async (request, reply) => {
          const result = await (definition.handler as (r: unknown, p: unknown, s: unknown) => Promise<unknown>)(request, reply, request.session);
          return reply.sent ? reply : result;
        },
      });
    },
  });

  await app.register(async (api) => {
    registerAuthRoutes(apiFor(api, coreManifest), tokens, options.clock);
    registerKeyCheck(apiFor(api, coreManifest), keys.lookups);
    registerDashboardRoutes(apiFor(api, coreManifest));
    for (const plugin of plugins.enabled) await plugin.register?.(apiFor(api, plugin.manifest));
  }, { prefix: '/api' });

  await serveConsole(app, env, storage);
  await jobs.start();

  if (env.demoData) await seedDemoData({ db, env, log: app.log, storage, plugins: plugins.enabled });

  app.addHook('onReady', async () => {
    realtime.attach(app.server);
  });
  app.addHook('onClose', async () => {
    features.close();
    mail.close();
    await jobs.stop();
    await realtime.close();
    await database.close();
  });

  return { app, context, database, plugins, tokens, routes, features, close: () => app.close() };
}

function accessOf(definition: RouteDefinition): RegisteredRoute['access'] {
  if (definition.public === true) return 'public';
  if (definition.signedIn === true) return 'signedIn';
  if (definition.requires) return definition.requires;
  const { method, url } = definition as { method: string; url: string };
  throw new Error(`route ${method} ${url} declares neither requires nor public`);
}

/** The refusal text: the spec's role message when only admins hold the permission. */
function refusal(permission: Permission, role: RoleKey, grants: RoleGrants): string {
  const holders = roleKeys.filter((key) => grants.get(key)?.includes(permission));
  if (holders.length === 1 && holders[0] === 'admin') return requiredRoleMessage('admin', role);
  return `Your role (${role.toUpperCase()}) does not allow this: ${permission} is required.`;
}

