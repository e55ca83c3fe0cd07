/**
 * Taking one post: its story (slug kept when free, its images ours), its old address, and, when
 * it went out by e-mail, its issue in the archive. What an earlier run took is left as it is, and
 * what a crash left undone after its story (the address, the issue) is finished. A dry run reads
 * and counts what it would take and writes nothing but its report.
 */
import { sanitizeRichText } from '../../../../core/server/sanitize';
import { slugify } from '../../../../core/shared/text';
import { clock } from '../../../../core/server/clock';
import { constants } from '../../../../core/shared/config';
import { importIssue } from '../../../issues/server/public';
import { freeStorySlug, importStory, keepOldAddress, storyAtOldAddress } from '../../../stories/server/public';
import { postReasons, reason } from '../../rules';
import type { ImportContext } from '../contract';
import type { PostImages } from './images';
import type { SourcePost } from './source';

export interface PostRun {
  ctx: ImportContext;
  images: PostImages;
  /** The title of the channel an imported issue shows its story under: the newsletter's name. */
  newsletterName: string;
  /** The newsletter's key: its reader pages, where old addresses answer, are below /n/{key}. */
  newsletterKey: string;
}

/** What the report says a post became (or would become, in a dry run). */
function takenReason(post: SourcePost, slug: string): string {
  const premium = post.premium;
  if (post.status === 'draft') return reason(premium ? postReasons.draftPremium : postReasons.draft, { slug });
  if (post.status === 'scheduled') return reason(premium ? postReasons.scheduledPremium : postReasons.scheduled, { time: post.date!.toISOString(), slug });
  return reason(premium ? postReasons.publishedPremium : postReasons.published, { date: (post.date ?? clock.now()).toISOString().slice(0, 10), slug });
}

/** The key the run's memory keeps a post by: the source's own id, with the source. */
const keyOf = (ctx: ImportContext, post: SourcePost) => `${ctx.source}:${post.id}`;

export async function takePost(run: PostRun, post: SourcePost): Promise<void> {
  const { ctx } = run;
  const key = keyOf(ctx, post);
  // The newsletter's history goes back to what it published and sent (a draft's date is no part of it).
  if (post.date && post.status === 'published') ctx.history(post.date);
  if (post.emailedAt) ctx.history(post.emailedAt);
  const taken = await ctx.taken('story', key);
  if (taken) {
    if (!ctx.dryRun) await finish(run, post, taken);
    ctx.report.count('skipped');
    await ctx.report.add({ action: 'skipped', kind: 'story', ref: post.ref, reason: postReasons.alreadyTaken });
    return;
  }
  for (const note of post.notes) await ctx.report.add({ action: 'changed', kind: 'story', ref: post.ref, reason: note });
  const wanted = slugify(post.slug || post.title, constants.stories.slugMax);
  const slug = await freeStorySlug(ctx.api.db, wanted || post.title);
  if (wanted && slug !== wanted)
    await ctx.report.add({
      action: 'changed',
      kind: 'story',
      ref: post.ref,
      reason: reason(postReasons.slugTaken, { wanted, slug }),
    });
  await ctx.report.add({ action: 'taken', kind: 'story', ref: post.ref, reason: takenReason(post, slug) });
  if (ctx.dryRun) {
    ctx.report.count('stories');
    if (post.oldPath) await reportOldAddress(run, post);
    if (post.emailedAt) {
      ctx.report.count('issues');
      await ctx.report.add({ action: 'taken', kind: 'issue', ref: post.ref, reason: issueReason(post.emailedAt) });
    }
    return;
  }
  const html = await run.images.rewrite(sanitizeRichText(post.html), post.ref);
  const image = post.image ? ((await run.images.keep(post.image, post.ref, post.title)) ?? post.image) : '';
  const story = await importStory(ctx.api, {
    newsletterId: ctx.newsletterId,
    publisherId: ctx.publisherId,
    title: post.title,
    subtitle: post.subtitle,
    html,
    image,
    slug,
    author: post.author,
    tags: post.tags,
    premium: post.premium,
    status: post.status,
    date: post.date,
  });
  await ctx.remember('story', key, story.id);
  ctx.report.count('stories');
  await finish(run, post, story.id, image);
}

/** The post's old address and its archive issue, unless an earlier run made them. */
async function finish(run: PostRun, post: SourcePost, storyId: string, image = ''): Promise<void> {
  const { ctx } = run;
  if (post.oldPath && (await storyAtOldAddress(ctx.api.db, ctx.newsletterId, post.oldPath)) !== storyId) {
    const kept = await keepOldAddress(ctx.api.db, { newsletterId: ctx.newsletterId, path: post.oldPath, storyId });
    if (kept) await reportOldAddress(run, post);
    else
      await ctx.report.add({
        action: 'skipped',
        kind: 'redirect',
        ref: post.ref,
        reason: reason(postReasons.oldAddressTaken, { old: post.oldPath }),
      });
  }
  if (!post.emailedAt || (await ctx.taken('issue', keyOf(ctx, post)))) return;
  const issueId = await importIssue(ctx.api.db, {
    newsletterId: ctx.newsletterId,
    publisherId: ctx.publisherId,
    subject: post.emailSubject || post.title,
    preview: post.subtitle,
    slug: post.slug || post.title,
    channel: post.newsletterName || run.newsletterName,
    storyId,
    premium: post.premium,
    image,
    date: post.emailedAt,
  });
  await ctx.remember('issue', keyOf(ctx, post), issueId);
  ctx.report.count('issues');
  await ctx.report.add({ action: 'taken', kind: 'issue', ref: post.ref, reason: issueReason(post.emailedAt) });
}

/** The report's word that the post's old address leads to its story. */
const reportOldAddress = (run: PostRun, post: SourcePost) =>
  run.ctx.report.add({
    action: 'taken',
    kind: 'redirect',
    ref: post.ref,
    reason: reason(postReasons.oldAddress, { old: post.oldPath!, path: `/n/${run.newsletterKey}/${post.oldPath}` }),
  });

const issueReason = (at: Date) => reason(postReasons.issue, { date: at.toISOString().slice(0, 10) });
