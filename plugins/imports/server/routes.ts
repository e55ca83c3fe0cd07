/**
 * The imports' calls: POST /imports stores the files and queues the import (answering at once),
 * GET /imports/{id} follows one with a page of its report, GET /imports lists the publisher's.
 * A director's and an admin's, as the publisher's payment keys are (publishers.update); the
 * newsletter must be in the caller's scopes.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { callerPublisher, type Session } from '../../../core/server/auth/session';
import { invalid, invalidDetails, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { findNewsletters } from '../../../core/server/store';
import { receiveFiles } from '../../../core/server/uploads';
import { constants } from '../../../core/shared/config';
import { importEndpoints } from '../endpoints';
import { importMessages, importSources, maxImportFiles, type Source } from '../rules';
import { checkFiles } from './files';
import { presentImport } from './present';
import { importFolder, importJob } from './runner';
import { findImport, importsDb, insertImport, listImports, reportActions, reportRows, type ImportRow } from './store';

const permission = 'publishers.update';

export function registerImportRoutes(api: PluginApi): void {
  const db = importsDb(api.db);

  const present = async (rows: ImportRow[]) => {
    const titles = new Map((await findNewsletters(api.db, [...new Set(rows.map((row) => row.newsletter_id))])).map((row) => [row.id, row.title]));
    return Promise.all(rows.map(async (row) => presentImport(row, titles.get(row.newsletter_id) ?? '', await reportActions(db, row.id))));
  };

  /** The import, if the caller may see it: their publisher's, into a newsletter of their scopes. */
  const visibleImport = async (session: Session, id: string) => {
    const row = await findImport(db, id);
    if (!row || row.publisher_id !== callerPublisher(session) || !session.newsletterIds.has(row.newsletter_id)) throw notFound('Import not found.');
    return row;
  };

  api.serve(importEndpoints.create, {
    requires: permission,
    summary: `Imports from another platform into a newsletter (multipart: source ghost, substack, mailchimp or beehiiv; newsletter, its id; dryRun true or false, false unless said; siteUrl, for Ghost, the old site's address, which its export writes as __GHOST_URL__ (its images are fetched from there); file, once or several times, each at most ${constants.imports.fileMaxBytes} bytes): Ghost's site export (.json) and/or members CSV, Substack's export zip, Mailchimp's subscribed, unsubscribed and cleaned CSV files or their zip, beehiiv's subscribers and/or posts CSV. The files are stored and checked (a file the source does not take, or a CSV without the member list's e-mail column, is a 422 naming it), then the import is queued (202) and runs as a job: follow it with GET /imports/{id}. A dry run reads and checks everything and writes only its report. An import never mails anyone, and a second run of the same files adds nothing.`,
    async handler(request, reply, session) {
      const id = randomUUID();
      const folder = importFolder(api, id);
      const { fields, files } = await receiveFiles(request, folder, {
        field: 'file',
        maxBytes: constants.imports.fileMaxBytes,
        maxFiles: maxImportFiles,
        messages: {
          missing: importMessages.noFile,
          unreadable: importMessages.unreadable,
          tooMany: importMessages.tooManyFiles,
          tooLarge: importMessages.tooLarge,
        },
      });
      try {
        const source = fields.source as Source;
        if (!importSources.includes(source)) throw invalid(importMessages.noSource, 'source');
        const newsletterId = fields.newsletter ?? '';
        if (!newsletterId) throw invalid(importMessages.noNewsletter, 'newsletter');
        session.assertNewsletter(newsletterId);
        const dryRun = fields.dryRun ?? 'false';
        if (dryRun !== 'true' && dryRun !== 'false') throw invalid('dryRun must be true or false.', 'dryRun');
        const siteUrl = source === 'ghost' ? siteAddress(fields.siteUrl) : null;
        const problems = await checkFiles(source, files);
        if (problems.length > 0) throw invalidDetails(problems);
        await insertImport(db, {
          id,
          publisherId: callerPublisher(session),
          newsletterId,
          source,
          dryRun: dryRun === 'true',
          siteUrl,
          files,
          createdBy: session.user.id,
        });
        // The job's lease outlasts the run's deadline; after a crash the queue runs it again.
        await api.jobs.schedule(importJob, { importId: id }, { expireSeconds: constants.imports.deadlineMinutes * 60 + 300, retries: 3 });
      } catch (error) {
        await rm(folder, { recursive: true, force: true });
        throw error;
      }
      reply.code(202);
      return { data: { id, state: 'queued' as const }, msg: fields.dryRun === 'true' ? importMessages.checkQueued : importMessages.queued };
    },
  });

  api.serve(importEndpoints.list, {
    requires: permission,
    summary: "The caller's publisher's imports into the newsletters of the caller's scopes, newest first, with their state and counts.",
    async handler(request, _reply, session) {
      const { page = 0, limit = constants.pageSizes.list } = request.query;
      const { rows, count } = await listImports(db, callerPublisher(session), [...session.newsletterIds], { limit, offset: page * limit });
      return { data: await present(rows), count };
    },
  });

  api.serve(importEndpoints.fetch, {
    requires: permission,
    summary: `An import: its state (queued, running, done, failed), counts (stories, issues, subscribers, paid, skipped), progress (0 to 1), the report rows by action, and a page of the report's rows (${constants.imports.reportPageSize} a page unless limit says; action keeps one action): what was taken, changed, skipped or failed, where in the source, and why.`,
    async handler(request, _reply, session) {
      const row = await visibleImport(session, request.params.id);
      const { page = 0, limit = constants.imports.reportPageSize, action } = request.query;
      const [[data], report] = await Promise.all([present([row]), reportRows(db, row.id, { action, limit, offset: page * limit })]);
      return { data: data!, report: report.rows.map(({ seq: _seq, ...item }) => item), count: report.count };
    },
  });
}

/** The old site's address a Ghost import was given (an http(s) address, a folder's path kept: Ghost may live at /blog), or null when none. */
function siteAddress(text: string | undefined): string | null {
  const given = text?.trim();
  if (!given) return null;
  try {
    const address = new URL(given);
    if (address.protocol !== 'https:' && address.protocol !== 'http:') throw new Error('not http');
    return `${address.origin}${address.pathname.replace(/\/+$/, '')}`;
  } catch {
    throw invalid(importMessages.siteUrl, 'siteUrl');
  }
}
