/**
 * The import job: goes over the uploaded files (unpacking the zips), hands the posts to the posts
 * part and the member lists to the members part, with a deadline, saving counts and progress as it
 * goes; at the end moves the newsletter's creation back to the earliest date the import brought, and
 * removes the uploaded files. A run stopped by the server closing (or a crash) runs again as the
 * queue retries it: it goes over the files again, and the memory skips what it took.
 */
import { rm } from 'node:fs/promises';
import { moveNewsletterCreationBack } from '../../../core/server/store';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { constants } from '../../../core/shared/config';
import { fileReasons } from '../rules';
import { sortFiles } from './files';
import { importMemberLists } from './members/index';
import { importPosts } from './posts/index';
import { startRun } from './run';
import { findImport, finishImport, importsDb, startImport } from './store';
import { ZipRefused } from './zip';

export const importJob = 'imports-run';

/** Where an import keeps its uploaded and unpacked files while it runs. */
export const importFolder = (api: PluginApi, importId: string) => `${api.env.dataDir}/imports/${importId}`;

export const deadlineText = `The import took longer than ${constants.imports.deadlineMinutes} minutes and was stopped. What it took is kept: run it again to go on.`;

/** Runs an import; `closing` aborts when the server closes. */
export async function runImport(api: PluginApi, importId: string, closing: AbortSignal): Promise<void> {
  const db = importsDb(api.db);
  const record = await findImport(db, importId);
  if (!record || record.state === 'done' || record.state === 'failed') return;
  await startImport(db, importId);
  const deadline = AbortSignal.timeout(constants.imports.deadlineMinutes * 60_000);
  const signal = AbortSignal.any([deadline, closing]);
  const folder = importFolder(api, importId);
  const run = startRun(
    api,
    {
      id: importId,
      source: record.source,
      publisherId: record.publisher_id,
      newsletterId: record.newsletter_id,
      dryRun: record.dry_run,
    },
    signal,
  );
  try {
    const sorted = await sortFiles(record.source, record.files, `${folder}/unpacked`, signal);
    const sizeOf = (files: readonly { size: number }[]) => files.reduce((sum, file) => sum + file.size, 0);
    run.plan(sizeOf(sorted.posts) + sizeOf(sorted.members.map((list) => list.file)));
    for (const file of sorted.others) await run.report.add({ action: 'skipped', kind: 'file', ref: file.name, reason: fileReasons.notTaken });
    if (sorted.posts.length > 0) {
      await importPosts(run, sorted.posts, { siteUrl: record.site_url });
      run.read(sizeOf(sorted.posts));
    }
    await importMemberLists(run, sorted.members);
    await run.flush();
    const earliest = run.earliest();
    if (earliest && !record.dry_run) await moveNewsletterCreationBack(api.db, record.newsletter_id, earliest);
    await finishImport(db, importId, 'done', null);
  } catch (error) {
    await run.flush().catch(() => undefined);
    // The server is closing: the queue runs the import again after the restart.
    if (closing.aborted) throw error;
    const message = deadline.aborted ? deadlineText : error instanceof ZipRefused ? error.message : 'The import stopped on an error: ' + errorText(error);
    if (!(error instanceof ZipRefused) && !deadline.aborted) api.log.error({ err: error, importId }, 'import failed');
    await finishImport(db, importId, 'failed', message);
  }
  await rm(folder, { recursive: true, force: true });
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
