/** The environment variables the server reads (README's configuration table lists each). */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { S3Settings } from './services/storage';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

export interface ServerEnv {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server; the embedded PGlite database in dataDir when absent. */
  databaseUrl?: string;
  /** DATABASE_SCHEMA: the schema of that server the tables are kept in (its job queue's in {schema}_jobs); `public` (and `pgboss`) when absent. */
  databaseSchema?: string;
  /** Public address of the console, used in links sent by e-mail. */
  publicUrl: string;
  /** The API base the console calls. */
  apiUrl: string;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** DKIM_KEYS: 'domain:selector:/path/to/key.pem', comma-separated (services/dkim.ts). */
  dkimKeys?: string;
  /** The most e-mails per second while sending an issue (MAIL_RATE); constants.delivery.ratePerSecond when absent. */
  mailRate?: number;
  demoData: boolean;
  demoPassword: string;
  logLevel: string;
  /** Where plugins are discovered; tests point it elsewhere. */
  pluginsDir: string;
  /** Where config/features.json is watched. */
  configDir: string;
  /** The built console. */
  distDir: string;
  /** S3-compatible object storage for uploads; files on disk in dataDir when absent. */
  s3?: S3Settings;
  /** The Megaphone API for the podcast provider browser; podcast RSS feeds when absent. */
  megaphone?: { token: string; networkId: string; apiUrl: string };
  /** ElevenLabs speaks (ELEVENLABS_API_KEY); espeak-ng, offline, when absent. */
  elevenLabsApiKey?: string;
  /** Another address for the ElevenLabs API (ELEVENLABS_URL): a proxy, or a stand-in in tests. */
  elevenLabsUrl?: string;
  /** Speech synthesised and encoded at once (SPEECH_WORKERS), each in a thread: 2, or fewer cores. */
  speechWorkers: number;
  /** Whose X-Forwarded-For is believed (TRUST_PROXY): nobody's by default. */
  trustProxy: TrustProxy;
  /** Podcast feeds and their audio may live on loopback or private addresses (tests, intranets); refused otherwise. */
  allowPrivateFeeds: boolean;
  /**
   * Embeds may fetch pages on loopback or private addresses (EMBED_ALLOW_PRIVATE): `true` for 'on'
   * (tests, intranets), or only these origins ('http://127.0.0.1:8081,http://intranet.local');
   * refused otherwise.
   */
  embedAllowPrivate: boolean | string[];
  /** Headless Chromium renders embeds (CHROMIUM_PATH, the browser's executable); a card drawn on the server when absent. */
  chromiumPath?: string;
  /** Twitter's oEmbed endpoint (TWITTER_OEMBED_URL): another address for a proxy, or a stand-in in tests. */
  twitterOembedUrl: string;
  /** Where the Stripe client sends its calls (STRIPE_API_URL): Stripe's own API when absent, a stand-in in tests. */
  stripeApiUrl?: string;
  /** Every JSON answer is checked against its route's declared schema, a mismatch a 500 (CHECK_ANSWERS, on in the tests). */
  checkAnswers: boolean;
  /** Where bounces and complaints come in (docs/decisions/0034-bounces.md): each part is off unless set. */
  bounces: BounceSettings;
}

/** The bounce listener and the providers' webhooks, each off unless its variable is set. */
export interface BounceSettings {
  /** BOUNCE_SMTP_PORT: the inbound SMTP listener for DSNs and feedback reports sent to the VERP addresses. */
  smtpPort?: number;
  /** BOUNCE_SMTP_HOST: the address it listens on (HOST's by default). */
  smtpHost: string;
  /** SES_SNS_TOPIC_ARNS: the SNS topics (comma-separated) whose SES events are taken. */
  sesTopicArns: string[];
  /** SES_SNS_CERT_ORIGIN: one more origin SNS signing certificates may come from besides https://sns.<region>.amazonaws.com (tests only). */
  snsCertOrigin?: string;
  /** POSTMARK_WEBHOOK_AUTH: 'user:password' of the basic authentication set on Postmark's webhook. */
  postmarkAuth?: string;
  /** SENDGRID_WEBHOOK_PUBLIC_KEY: the event webhook's verification key (base64, as SendGrid shows it). */
  sendgridPublicKey?: string;
  /** MAILGUN_WEBHOOK_SIGNING_KEY: Mailgun's HTTP webhook signing key. */
  mailgunSigningKey?: string;
}

// The code's root: the project in development and tests, dist-server/ when `npm start` runs the
// compiled server. Plugins are found here; config/ and the built console stay in the project.
const codeRoot = resolve(import.meta.dirname, '..', '..');
const root = existsSync(resolve(codeRoot, 'package.json')) ? codeRoot : resolve(codeRoot, '..');

export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const port = Number(source.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${source.PORT}'`);
  return {
    port,
    host: source.HOST ?? '0.0.0.0',
    dataDir: resolve(source.DATA_DIR ?? './data'),
    databaseUrl: source.DATABASE_URL || undefined,
    databaseSchema: schemaNameOf(source.DATABASE_SCHEMA),
    publicUrl: (source.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    apiUrl: apiUrlOf(source.API_URL),
    jwtSecret: source.JWT_SECRET || undefined,
    smtpUrl: source.SMTP_URL || undefined,
    mailFrom: source.MAIL_FROM ?? 'Masthead <no-reply@masthead.local>',
    dkimKeys: source.DKIM_KEYS || undefined,
    mailRate: mailRateOf(source.MAIL_RATE),
    demoData: (source.DEMO_DATA ?? 'on') !== 'off',
    demoPassword: source.DEMO_PASSWORD || 'Masthead-demo-1',
    logLevel: source.LOG_LEVEL ?? 'info',
    pluginsDir: resolve(source.PLUGINS_DIR ?? resolve(codeRoot, 'plugins')),
    configDir: resolve(source.CONFIG_DIR ?? resolve(root, 'config')),
    distDir: resolve(root, 'dist'),
    s3: readS3(source),
    megaphone: source.MEGAPHONE_TOKEN
      ? {
          token: source.MEGAPHONE_TOKEN,
          networkId: required(source, 'MEGAPHONE_NETWORK_ID', 'MEGAPHONE_TOKEN'),
          apiUrl: (source.MEGAPHONE_API_URL ?? 'https://cms.megaphone.fm/api').replace(/\/$/, ''),
        }
      : undefined,
    elevenLabsApiKey: source.ELEVENLABS_API_KEY || undefined,
    elevenLabsUrl: source.ELEVENLABS_URL ? httpUrlOf('ELEVENLABS_URL', source.ELEVENLABS_URL) : undefined,
    speechWorkers: speechWorkersOf(source.SPEECH_WORKERS),
    allowPrivateFeeds: source.PODCAST_ALLOW_PRIVATE_FEEDS === 'on',
    embedAllowPrivate: embedAllowPrivateOf(source.EMBED_ALLOW_PRIVATE),
    chromiumPath: source.CHROMIUM_PATH || undefined,
    twitterOembedUrl: httpUrlOf('TWITTER_OEMBED_URL', source.TWITTER_OEMBED_URL || 'https://publish.twitter.com/oembed'),
    stripeApiUrl: source.STRIPE_API_URL ? httpUrlOf('STRIPE_API_URL', source.STRIPE_API_URL) : undefined,
    trustProxy: parseTrustProxy(source.TRUST_PROXY),
    checkAnswers: source.CHECK_ANSWERS === 'on',
    bounces: readBounces(source),
  };
}

function readBounces(source: NodeJS.ProcessEnv): BounceSettings {
  let smtpPort: number | undefined;
  if (source.BOUNCE_SMTP_PORT) {
    smtpPort = Number(source.BOUNCE_SMTP_PORT);
    if (!Number.isInteger(smtpPort) || smtpPort < 0 || smtpPort > 65535)
      throw new Error(`BOUNCE_SMTP_PORT must be a port number, got '${source.BOUNCE_SMTP_PORT}'`);
  }
  return {
    smtpPort,
    smtpHost: source.BOUNCE_SMTP_HOST || source.HOST || '0.0.0.0',
    sesTopicArns: (source.SES_SNS_TOPIC_ARNS ?? '')
      .split(',')
      .map((arn) => arn.trim())
      .filter(Boolean),
    snsCertOrigin: source.SES_SNS_CERT_ORIGIN ? new URL(httpUrlOf('SES_SNS_CERT_ORIGIN', source.SES_SNS_CERT_ORIGIN)).origin : undefined,
    postmarkAuth: source.POSTMARK_WEBHOOK_AUTH || undefined,
    sendgridPublicKey: source.SENDGRID_WEBHOOK_PUBLIC_KEY || undefined,
    mailgunSigningKey: source.MAILGUN_WEBHOOK_SIGNING_KEY || undefined,
  };
}

function readS3(source: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!source.S3_BUCKET) return undefined;
  return {
    bucket: source.S3_BUCKET,
    endpoint: required(source, 'S3_ENDPOINT', 'S3_BUCKET'),
    region: source.S3_REGION ?? 'us-east-1',
    accessKeyId: required(source, 'S3_ACCESS_KEY_ID', 'S3_BUCKET'),
    secretAccessKey: required(source, 'S3_SECRET_ACCESS_KEY', 'S3_BUCKET'),
    publicUrl: source.S3_PUBLIC_URL || undefined,
  };
}

function required(source: NodeJS.ProcessEnv, name: string, because: string): string {
  const value = source[name];
  if (!value) throw new Error(`${name} must be set when ${because} is`);
  return value;
}

/** API_URL: a path on this server or an http(s) address, without a trailing slash. */
function apiUrlOf(value = '/api'): string {
  if (!/^(\/|https?:\/\/)[^\s"<>]*$/.test(value)) throw new Error(`API_URL must be a path (/api) or an http(s) address, got '${value}'`);
  return value.replace(/\/$/, '') || '/api';
}

function mailRateOf(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 0) throw new Error(`MAIL_RATE must be a number of messages per second (0: no limit), got '${value}'`);
  return rate;
}

/** Threads that speak at once when SPEECH_WORKERS does not say: two, or fewer cores. */
export const defaultSpeechWorkers = (): number => Math.min(2, availableParallelism());

function speechWorkersOf(value: string | undefined): number {
  if (!value) return defaultSpeechWorkers();
  const workers = Number(value);
  if (!Number.isInteger(workers) || workers < 0) throw new Error(`SPEECH_WORKERS must be a whole number of threads (0: the server's own), got '${value}'`);
  return workers;
}

/** EMBED_ALLOW_PRIVATE: 'on', or the origins (comma-separated http(s) addresses) that may be private. */
function embedAllowPrivateOf(value: string | undefined): boolean | string[] {
  if (!value || value === 'off') return false;
  if (value === 'on') return true;
  return value.split(',').map((origin) => new URL(httpUrlOf('EMBED_ALLOW_PRIVATE', origin.trim())).origin);
}

function httpUrlOf(name: string, value: string): string {
  if (!/^https?:\/\/[^\s"<>]+$/.test(value)) throw new Error(`${name} must be an http(s) address, got '${value}'`);
  return value.replace(/\/$/, '');
}

/** DATABASE_SCHEMA: a plain PostgreSQL name (it is written into the connection's search_path). */
function schemaNameOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value)) throw new Error(`DATABASE_SCHEMA must be a lower-case name of letters, digits and _, got '${value}'`);
  return value;
}
