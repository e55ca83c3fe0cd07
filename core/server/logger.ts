/** Structured logs (pino). Secrets never reach them: these paths are censored wherever they appear. */
import type { LoggerOptions } from 'pino';

export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.passwordConfirm',
  '*.token',
  '*.accessToken',
  'password',
  'token',
  'secret',
  '*.secret',
  'smtpUrl',
  'databaseUrl',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      // Query strings can carry a reset code: log the path only.
      req: (request: { method: string; url: string; ip?: string }) => ({ method: request.method, path: request.url.split('?')[0], ip: request.ip }),
    },
  };
}
