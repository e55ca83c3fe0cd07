/**
 * The subscriber calls (spec 000 section 7: GET /newsletters/list/{id}/subscriptions, each row free
 * or paid as the subscriber-plans contribution says), the timeline behind the weekly spotlight, and
 * the CSV export and import.
 */
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { csvLines } from '../../../core/server/csv';
import { callerPublisher } from '../../../core/server/auth/session';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { invalidDetails } from '../../../core/server/errors';
import { findNewsletter } from '../../../core/server/store';
import { readMultipart } from '../../../core/server/uploads';
import { constants } from '../../../core/shared/config';
import { searchCountCap } from '../../../core/shared/lists';
import { messages, readSubscribersCsv } from './csv-import';
import { exportColumns, exportLine, presentSubscription, presentTimeline } from './present';
import { importSubscribers, labelsOf, listSubscribers, newsletterLabels, subscriberBatches, subscribersDb, weeklyTimeline } from './store';
import { clock } from '../../../core/server/clock';
import { subscriberEndpoints } from '../endpoints';
import { payingEmailsOf, subscriberPlans, type SubscriberPlan } from './subscriber-plans';

/** Rows a query reads at once in an export, and inserts at once in an import (one statement each). */
const exportBatchRows = 5000;
const importChunkRows = 5000;

export function registerSubscriberRoutes(api: PluginApi): void {
  const db = subscribersDb(api.db);

  api.serve(subscriberEndpoints.list, {
    requires: 'subscribers.list',
    summary:
      "A newsletter's subscribers, newest sign-ups first, 10 a page; search by the start of an e-mail or a name; label=X keeps those filed under label X, and each row carries its labels. A row whose address bounced or complained for the newsletter's publisher carries it (bounce); bounced=true keeps only those. A row is PAID, with its plan and payment status, while the address pays for the newsletter (when a plugin sells subscriptions), FREE otherwise; type=paid or type=free keeps one type.",
    async handler(request, _reply, session) {
      const newsletterId = request.params.id;
      session.assertNewsletter(newsletterId);
      const { page = 0, limit = constants.pageSizes.list, search, bounced, type, label } = request.query;
      const plans = api.extensions.one(subscriberPlans);
      const { rows, count } = await listSubscribers(db, {
        newsletterId,
        // A newsletter of the caller's scopes is one of the caller's publisher (core/server/auth/session.ts): its bounces are that publisher's.
        publisherId: callerPublisher(session),
        search,
        bounced,
        type: type && { type, sold: plans !== null },
        label,
        limit,
        offset: page * limit,
        countMax: searchCountCap(page, limit),
      });
      // The plans of this page's addresses only: one indexed look-up, whatever the list's size.
      const [planOf, labels] = await Promise.all([
        plans && rows.length > 0 ? plans.plansOf(newsletterId, rows.map(addressOf)) : new Map<string, SubscriberPlan>(),
        labelsOf(
          db,
          rows.map((row) => row.id),
        ),
      ]);
      return { data: rows.map((row) => presentSubscription(row, planOf.get(addressOf(row)), labels.get(row.id))), count };
    },
  });

  api.serve(subscriberEndpoints.types, {
    requires: 'subscribers.list',
    summary: "Whether the newsletter's subscribers may be paid (a plugin sells subscriptions): the subscribers page then offers its type filter.",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.id);
      return { data: { paid: api.extensions.one(subscriberPlans) !== null } };
    },
  });

  api.serve(subscriberEndpoints.labels, {
    requires: 'subscribers.list',
    summary: "The labels the newsletter's subscribers are filed under (an import brings Ghost's labels and Mailchimp's tags), for the list's label filter.",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.id);
      return { data: await newsletterLabels(db, request.params.id) };
    },
  });

  api.serve(subscriberEndpoints.timeline, {
    requires: 'subscribers.list',
    summary: "The subscriber timeline: weekly points (span 1) by medium; 'subscribers' is the total at each week's end.",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.id);
      return presentTimeline(request.params.id, await weeklyTimeline(db, request.params.id));
    },
  });

  api.serve(subscriberEndpoints.export, {
    requires: 'subscribers.list',
    summary:
      "Every subscriber as CSV (email,name,city,created_at), newest first, streamed a batch at a time. A cell that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) is written with a leading ' (OWASP CSV injection).",
    async handler(request, reply, session) {
      session.assertNewsletter(request.params.id);
      const newsletter = (await findNewsletter(db, request.params.id))!;
      const filename = `${newsletter.key}-subscribers-${clock.now().toISOString().slice(0, 10)}.csv`;
      async function* lines() {
        yield csvLines([exportColumns]);
        // Names and cities are what readers typed on a public form: csvLines keeps them from running as formulas.
        for await (const batch of subscriberBatches(db, request.params.id, exportBatchRows)) yield csvLines(batch.map(exportLine));
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  });

  api.serve(subscriberEndpoints.import, {
    requires: 'subscribers.import',
    summary: `Adds subscribers from a CSV file (multipart field file, at most ${constants.limits.subscribersCsvMaxBytes} bytes): a header with email (required), name, city in any order. Any invalid row refuses the whole file (422, one detail per row); e-mails that already subscribe are skipped. Answers { imported, skipped }.`,
    async handler(request, _reply, session) {
      const newsletterId = request.params.id;
      session.assertNewsletter(newsletterId);
      const file = await readCsvFile(request);
      const parsed = await readSubscribersCsv(file);
      if (!parsed.ok) throw invalidDetails(parsed.details);
      const imported = await importSubscribers(db, newsletterId, parsed.rows, {
        chunkSize: importChunkRows,
        payingEmails: payingEmailsOf(api.extensions, newsletterId),
      });
      const skipped = parsed.rows.length - imported;
      return { data: { imported, skipped }, msg: `${imported} subscribers imported, ${skipped} skipped (already subscribed).` };
    },
  });
}

/** A row's address as the payers are kept: lower-case. */
const addressOf = (row: { email: string }) => row.email.toLowerCase();

/** The uploaded CSV's bytes (text has no signature to check: csv-import reads it as UTF-8 text). */
async function readCsvFile(request: FastifyRequest): Promise<Buffer> {
  const file = await readMultipart(request, {
    field: 'file',
    maxBytes: constants.limits.subscribersCsvMaxBytes,
    sizeMessage: messages.tooLarge,
    missingMessage: messages.missingFile,
  });
  return file.buffer;
}
