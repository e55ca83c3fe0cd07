/**
 * The posts side of an import (issue 56): Ghost's site export, Substack's posts.csv and
 * posts/*.html, and beehiiv's posts CSV become stories of the import's newsletter, with their
 * images kept in the publisher's library, their old addresses redirected to their new pages, and,
 * where a post went out by e-mail, an issue in the newsletter's archive (take.ts). Each file is
 * streamed and its posts taken one at a time; a post that cannot be taken is a report row and the
 * others go on; a file that is not its source's format fails the import with its name.
 */
import { findNewsletter } from '../../../../core/server/store';
import type { ImportContext, ImportFile, ImportSource } from '../contract';
import { beehiivPosts, isBeehiivPostsHeader } from './beehiiv';
import { ghostPosts, ghostRelations } from './ghost';
import { PostImages } from './images';
import { isBad, type BadItem, type SourcePost } from './source';
import { isSubstackPostHtml, isSubstackPostsCsv, substackPosts } from './substack';
import { takePost, type PostRun } from './take';

export interface PostsOptions {
  /** The old site's address (Ghost writes it as __GHOST_URL__ in its export): its images are fetched from there. */
  siteUrl?: string | null;
}

/** Takes the posts of the files the runner hands this part (those isPostsFile accepted). */
export async function importPosts(ctx: ImportContext, files: ImportFile[], options: PostsOptions = {}): Promise<void> {
  const newsletter = await findNewsletter(ctx.api.db, ctx.newsletterId);
  const run: PostRun = {
    ctx,
    images: new PostImages(ctx, options.siteUrl ?? null),
    newsletterName: newsletter?.title ?? '',
    newsletterKey: newsletter?.key ?? '',
  };
  for (const posts of sourcesOf(run, files)) {
    for await (const post of posts) {
      if (ctx.signal.aborted) return;
      await takeOrReport(run, post);
    }
  }
}

/** Each file's posts, as its source writes them. */
function* sourcesOf(run: PostRun, files: ImportFile[]): Generator<AsyncGenerator<SourcePost | BadItem>> {
  const { ctx } = run;
  if (ctx.source === 'ghost')
    for (const file of files)
      yield (async function* () {
        yield* ghostPosts(file, await ghostRelations(file), `/n/${encodeURIComponent(run.newsletterKey)}`);
      })();
  if (ctx.source === 'substack') {
    const csv = files.find((file) => isSubstackPostsCsv(file.name));
    const html = files.filter((file) => isSubstackPostHtml(file.name));
    if (!csv && html.length) throw new Error("The Substack export has no posts.csv: its posts' HTML files cannot be dated or titled.");
    if (csv) yield substackPosts(csv, html, ctx.signal);
  }
  if (ctx.source === 'beehiiv') for (const file of files) yield beehiivPosts(file, ctx.signal);
}

async function takeOrReport(run: PostRun, post: SourcePost | BadItem): Promise<void> {
  if (isBad(post)) {
    run.ctx.report.count('skipped');
    await run.ctx.report.add({ action: 'failed', kind: 'story', ref: post.ref, reason: post.problem });
    return;
  }
  try {
    await takePost(run, post);
  } catch (error) {
    run.ctx.report.count('skipped');
    await run.ctx.report.add({ action: 'failed', kind: 'story', ref: post.ref, reason: `${(error as Error).message}` });
  }
}

/** Whether a file is one this part reads (header: the first CSV row's cells for a .csv, null otherwise). */
export function isPostsFile(source: ImportSource, name: string, header: string[] | null): boolean {
  if (source === 'ghost') return name.toLowerCase().endsWith('.json');
  if (source === 'substack') return isSubstackPostsCsv(name) || isSubstackPostHtml(name);
  if (source === 'beehiiv') return name.toLowerCase().endsWith('.csv') && header !== null && isBeehiivPostsHeader(header);
  return false;
}
