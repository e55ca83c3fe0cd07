/**
 * Where bounces and complaints come in (decision 0034): the bounce listener when BOUNCE_SMTP_PORT
 * is set, and a webhook per mail provider whose secret is set (404 otherwise). Each webhook proves
 * the call is the provider's before reading it (401 when it does not); what it reports goes
 * through applyBounce like the listener's reports, and counts only for the copy it names by its
 * VERP address or Message-ID. Also the publish page's counts, and the pruning of the copies kept
 * from deleted issues.
 */
import type { FastifyRequest } from 'fastify';
import { invalid, notFound, unauthorized } from '../../../../core/server/errors';
import type { PluginApi } from '../../../../core/server/plugins/contract';
import { constants } from '../../../../core/shared/config';
import { bounceEndpoints } from '../../bounce-endpoints';
import { bounceCounts } from '../deliveries';
import { reachableIssue } from '../policy';
import type { IssuesDb } from '../store';
import { applyBounce, pruneDeletedCopies } from './apply';
import { startBounceListener } from './inbound';
import { mailgunEvents, postmarkEvents, sendgridEvents, sesEvents, verifyMailgun, verifyPostmark, verifySendgrid, type ProviderEvent } from './providers';
import { createSnsVerifier, fetchText, type SnsFetch, type SnsMessage } from './sns';
import { createVerp } from './verp';

/** The answer to a webhook call whose signature or credentials do not hold. */
export const forgedText = 'The signature of this call does not verify.';
const notConfiguredText = 'This provider is not configured.';
const forged = () => unauthorized(forgedText, 'INVALID_SIGNATURE');
/** How often the kept copies of deleted issues past their days are deleted. */
const pruneSeconds = 3600;

/** Registers the bounce listener (closed with the server), the webhooks and the counts; `snsFetch` reads certificates and confirmation addresses. */
export async function registerBounces(api: PluginApi, db: IssuesDb, snsFetch: SnsFetch = fetchText): Promise<void> {
  const settings = api.env.bounces;
  const verp = createVerp(api.mail.from.address, api.links);
  const now = () => Date.now();

  if (settings.smtpPort !== undefined) {
    const listener = await startBounceListener({
      port: settings.smtpPort,
      host: settings.smtpHost,
      verp,
      log: api.log,
      async onReport(report, delivery) {
        await applyBounce(db, { kind: report.kind, answer: report.answer, verp: delivery, named: report.named });
      },
    });
    api.log.info({ port: listener.port }, 'bounce listener started');
    api.onClose(() => listener.close());
  }

  // A deleted issue's copies are kept for deletedCopyDays after they left (apply.ts reads none older), then go.
  api.jobs.repeat('issues-prune-deleted-copies', pruneSeconds, () => pruneDeletedCopies(db));

  /**
   * Applies a provider's events; answers the webhook's data. An event counts only for the copy its
   * VERP address or Message-ID names, and only when the address it reports is that copy's: an
   * event that names nothing but an address changes nothing (the address may be another
   * publisher's reader). Applying is idempotent per copy (apply.ts), so an event delivered twice,
   * or replayed within the signature's tolerance, applies once.
   */
  const apply = async (events: ProviderEvent[]) => {
    let suppressed = 0;
    for (const event of events) {
      const tied = event.returnPath ? verp.read(event.returnPath) : null;
      suppressed += await applyBounce(db, { kind: event.kind, answer: event.answer, named: [event.email], verp: tied, messageId: event.messageId });
    }
    return { data: { events: events.length, suppressed } };
  };
  const bodyLimit = constants.bounces.webhookBodyBytes;
  const header = (request: FastifyRequest, name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };

  const sns = createSnsVerifier({ extraOrigin: settings.snsCertOrigin, fetch: snsFetch });
  api.serve(bounceEndpoints.ses, {
    public: true,
    rawBody: true,
    bodyLimit,
    summary:
      "Amazon SES events through SNS (SES_SNS_TOPIC_ARNS): the SNS signature is checked with Amazon's certificate, and the topic must be one of ours; a subscription's confirmation is confirmed. 404 when not configured, 401 when the signature does not verify.",
    async handler(request) {
      if (settings.sesTopicArns.length === 0) throw notFound(notConfiguredText);
      const message = request.body as unknown as SnsMessage;
      if (Array.isArray(message) || typeof message.Type !== 'string' || typeof message.Message !== 'string')
        throw invalid('An SNS message is expected.', 'Type');
      if (!settings.sesTopicArns.includes(message.TopicArn) || !(await sns.verify(message))) throw forged();
      if (message.Type === 'SubscriptionConfirmation') {
        if (!message.SubscribeURL || !sns.trusted(message.SubscribeURL)) throw invalid('The SubscribeURL is not an SNS address.', 'SubscribeURL');
        await snsFetch(message.SubscribeURL);
        api.log.info({ topic: message.TopicArn }, 'SNS subscription confirmed');
        return { data: { events: 0, suppressed: 0 } };
      }
      if (message.Type !== 'Notification') return { data: { events: 0, suppressed: 0 } };
      let parsed: unknown;
      try {
        parsed = JSON.parse(message.Message);
      } catch {
        throw invalid('The SNS Message is not an SES event.', 'Message');
      }
      return apply(sesEvents(parsed));
    },
  });

  api.serve(bounceEndpoints.postmark, {
    public: true,
    bodyLimit,
    summary:
      "Postmark's bounce and spam complaint webhooks, with the basic authentication POSTMARK_WEBHOOK_AUTH sets. 404 when not configured, 401 without it.",
    async handler(request) {
      if (!settings.postmarkAuth) throw notFound(notConfiguredText);
      if (!verifyPostmark(settings.postmarkAuth, header(request, 'authorization'))) throw forged();
      return apply(postmarkEvents(request.body));
    },
  });

  api.serve(bounceEndpoints.sendgrid, {
    public: true,
    rawBody: true,
    bodyLimit,
    summary:
      "SendGrid's signed event webhook (bounce, blocked, spamreport), verified with SENDGRID_WEBHOOK_PUBLIC_KEY over the timestamp and the body as sent. 404 when not configured, 401 when the signature does not verify.",
    async handler(request) {
      if (!settings.sendgridPublicKey) throw notFound(notConfiguredText);
      const signature = header(request, 'x-twilio-email-event-webhook-signature');
      const timestamp = header(request, 'x-twilio-email-event-webhook-timestamp');
      if (!verifySendgrid(settings.sendgridPublicKey, signature, timestamp, request.rawBody ?? '', now())) throw forged();
      return apply(sendgridEvents(request.body));
    },
  });

  api.serve(bounceEndpoints.mailgun, {
    public: true,
    bodyLimit,
    summary:
      "Mailgun's webhooks (failed, complained), signed with MAILGUN_WEBHOOK_SIGNING_KEY (HMAC-SHA256 of timestamp and token). 404 when not configured, 401 when the signature does not verify.",
    async handler(request) {
      if (!settings.mailgunSigningKey) throw notFound(notConfiguredText);
      if (!verifyMailgun(settings.mailgunSigningKey, request.body, now())) throw forged();
      return apply(mailgunEvents(request.body));
    },
  });

  api.serve(bounceEndpoints.counts, {
    requires: 'issues.list',
    summary: "How many of the issue's e-mails bounced (for good or for now) or were reported as spam after the mail server took them.",
    async handler(request, _reply, session) {
      const row = await reachableIssue(db, request.params.id, session);
      return { data: await bounceCounts(db, row.id) };
    },
  });
}
