/**
 * The one way a route is registered, for the core and every plugin. It denies by default: a route
 * says `requires: 'model.action'`, `signedIn: true` or `public: true`, and declares its schema, or
 * the server does not start. The guard runs as the request arrives, before its body is parsed or
 * an upload read, and loads the caller's session from the database on every request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paramsSchemaOf, type Endpoint } from '../shared/endpoints';
import type { PluginManifest } from '../shared/plugin';
import type { Session } from './auth/session';
import { unauthorized } from './errors';
import type { KeyRegistry } from './keys';
import type { AppContext, PluginApi, RegisteredRoute, RouteAnswers, RouteDefinition } from './plugins/contract';
import { ref } from './schemas/parts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    /** The body as it came, for a route that says `rawBody: true` (a signature over its bytes). */
    rawBody?: string;
  }
}

export interface RegistrarOptions {
  app: FastifyInstance;
  context: AppContext;
  /** Every permission the core and the enabled plugins declare. */
  permissions: readonly string[];
  /** The session of a bearer token, or null. */
  authenticate(token: string): Promise<Session | null>;
  keys: KeyRegistry;
  /** Keeps a plugin's hook for when the server closes. */
  onClose: PluginApi['onClose'];
}

export interface Registrar {
  /** Every route and page registered so far (the walk and the OpenAPI checks read it). */
  routes: RegisteredRoute[];
  /** What a plugin (or the core, with its manifest) registers through, on `instance` (the /api prefix). */
  apiFor(instance: FastifyInstance, manifest: PluginManifest): PluginApi;
}

export function createRegistrar(options: RegistrarOptions): Registrar {
  const { app, context, permissions, authenticate, keys, onClose } = options;
  const routes: RegisteredRoute[] = [];

  const sessionOf = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    return authenticate(header.slice('Bearer '.length));
  };

  const pageFor =
    (manifest: PluginManifest): PluginApi['page'] =>
    (definition) => {
      const method = definition.method ?? 'GET';
      if (!definition.schema.response) throw new Error(`${manifest.id}: page ${method} ${definition.url} declares no answer (schema.response)`);
      routes.push({ method, url: definition.url, owner: manifest.id, access: 'public' });
      app.route({
        method,
        url: definition.url,
        schema: { ...definition.schema, response: withErrors(definition.schema.response), tags: [manifest.id] },
        handler: async (request, reply) => {
          const result = await definition.handler(request as never, reply);
          return reply.sent ? reply : result;
        },
      });
    };

  const routeFor = (instance: FastifyInstance, manifest: PluginManifest) => (definition: RouteDefinition) => {
    const access = accessOf(definition);
    const declared = manifest.permissions as string[];
    if (typeof access === 'string' && access !== 'public' && access !== 'signedIn' && !permissions.includes(access)) {
      throw new Error(
        `${manifest.id}: route ${definition.method} ${definition.url} requires '${access}', which no enabled plugin declares (${declared.join(', ')})`,
      );
    }
    if (!definition.schema) throw new Error(`${manifest.id}: route ${definition.method} ${definition.url} declares no schema`);
    if (!definition.schema.response) throw new Error(`${manifest.id}: route ${definition.method} ${definition.url} declares no answer (schema.response)`);
    routes.push({ method: definition.method, url: `/api${definition.url}`, owner: manifest.id, access, ...(definition.upload && { upload: true }) });
    instance.route({
      method: definition.method,
      url: definition.url,
      schema: {
        ...definition.schema,
        response: withErrors(definition.schema.response),
        ...(access === 'public' ? {} : { security: [{ bearer: [] }] }),
        tags: [manifest.id],
      },
      bodyLimit: definition.bodyLimit,
      config: { upload: definition.upload === true, rawBody: definition.rawBody === true },
      // Before the body is parsed or an upload read: an anonymous caller costs nothing and
      // learns nothing about the shape of a body.
      onRequest: async (request) => {
        request.session = await sessionOf(request);
        if (access === 'public') return;
        if (!request.session) throw unauthorized();
        if (access !== 'signedIn' && !request.session.can(access)) throw unauthorized(request.session.refusal(access), 'UNAUTHORIZED');
      },
      handler: async (request, reply) => {
        const result = await (definition.handler as (r: unknown, p: unknown, s: unknown) => Promise<unknown>)(request, reply, request.session);
        return reply.sent ? reply : result;
      },
    });
  };

  const apiFor = (instance: FastifyInstance, manifest: PluginManifest): PluginApi => {
    const route = routeFor(instance, manifest);
    return {
      ...context,
      manifest,
      page: pageFor(manifest),
      keys,
      onClose,
      serve(endpoint: Endpoint, { summary, description, bodyLimit, rawBody, ...access }) {
        route({
          ...(access as Pick<RouteDefinition & { requires: string }, 'handler' | 'requires'>),
          method: endpoint.method,
          url: endpoint.path,
          bodyLimit,
          ...(rawBody && { rawBody }),
          ...(endpoint.upload && { upload: true }),
          schema: {
            response: endpoint.answer?.statuses,
            summary,
            // Only the parts it has: Fastify and the OpenAPI document read a key as a part.
            ...present({ params: paramsSchemaOf(endpoint), querystring: endpoint.query, body: endpoint.body, description }),
          },
        });
      },
    };
  };

  return { routes, apiFor };
}

/** The entries of `parts` that have a value. */
const present = <T extends object>(parts: T): Partial<T> => Object.fromEntries(Object.entries(parts).filter(([, part]) => part !== undefined)) as Partial<T>;

/** A route's answers with the error envelope every failure has (core/server/errors.ts). */
function withErrors(response: RouteAnswers): RouteAnswers {
  return { ...response, '4xx': ref('api/error'), '5xx': ref('api/error') } as RouteAnswers;
}

function accessOf(definition: RouteDefinition): RegisteredRoute['access'] {
  if (definition.public === true) return 'public';
  if (definition.signedIn === true) return 'signedIn';
  if (definition.requires) return definition.requires;
  const { method, url } = definition as { method: string; url: string };
  throw new Error(`route ${method} ${url} declares neither requires nor public`);
}

/**
 * The socket of the console that made a call (the `x-socket-id` header its live pages send), so
 * the announcement of its own change is not applied twice there.
 */
export function callerSocket(request: FastifyRequest): string | null {
  const value = request.headers['x-socket-id'];
  return typeof value === 'string' && value.length <= 64 ? value : null;
}
