/**
 * The bounce listener (decision 0034): an SMTP server (smtp-server) that takes mail only for the
 * VERP addresses the sender hands out, and reads each message as a delivery status notification
 * or a feedback report (reports.ts). Any other recipient is refused with 550, so the listener is
 * no relay and no mailbox; a message larger than constants.bounces.maxMessageBytes is refused.
 * A report the database could not record is answered 451, so the reporting server tries again.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { constants } from '../../../../core/shared/config';
import { readReport, type MailReport } from './reports';
import type { Verp, VerpDelivery } from './verp';

export interface BounceListener {
  /** The port it listens on (the one asked for, or the one given for 0). */
  port: number;
  close(): Promise<void>;
}

export interface BounceListenerOptions {
  port: number;
  host: string;
  verp: Verp;
  log: FastifyBaseLogger;
  /** Records what a report says of the copy a VERP address names. */
  onReport(report: MailReport, delivery: VerpDelivery): Promise<void>;
}

const smtpError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

export async function startBounceListener(options: BounceListenerOptions): Promise<BounceListener> {
  const { maxMessageBytes, maxRecipients, socketTimeoutSeconds, closeSeconds } = constants.bounces;
  // Loaded only where the listener is on (BOUNCE_SMTP_PORT).
  const { SMTPServer } = await import('smtp-server');
  const server = new SMTPServer({
    name: 'masthead-bounces',
    banner: 'Masthead bounce listener',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: maxMessageBytes,
    socketTimeout: socketTimeoutSeconds * 1000,
    closeTimeout: closeSeconds * 1000,
    onRcptTo(address, session, callback) {
      if (!options.verp.read(address.address)) return callback(smtpError(550, '5.1.1 No such user here'));
      if (session.envelope.rcptTo.length >= maxRecipients) return callback(smtpError(452, '4.5.3 Too many recipients'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= maxMessageBytes) chunks.push(chunk);
      });
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded || bytes > maxMessageBytes) return callback(smtpError(552, '5.3.4 Message too big'));
        const report = readReport(Buffer.concat(chunks));
        if (!report) {
          options.log.debug({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address) }, 'bounce listener: no DSN or feedback report, ignored');
          return callback();
        }
        const deliveries = session.envelope.rcptTo.map((rcpt) => options.verp.read(rcpt.address)).filter((delivery) => delivery !== null);
        Promise.all(deliveries.map((delivery) => options.onReport(report, delivery))).then(
          () => callback(),
          (error: unknown) => {
            options.log.warn({ err: error }, 'bounce listener: report not recorded');
            callback(smtpError(451, '4.3.0 Try again later'));
          },
        );
      });
    },
  });
  server.on('error', (error) => options.log.warn({ err: error }, 'bounce listener: connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
