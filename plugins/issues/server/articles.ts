/**
 * No dead ends (issue 29, decision 0033): every story of a sent issue can be read where the reader
 * meets it. A bullet is short and shown whole; an article shows its headline and subtitle and
 * links to its own page, which the issue's publication gives it when it had none.
 */
import type { Handle } from '../../../core/server/db/database';
import type { RealtimeHub } from '../../../core/server/realtime';
import type { IssueChannel } from '../../../schemas/generated/entities/issue';
import { announceStory, hasPageWithIssue, releaseWithIssue, storiesOfIssue, type StoryRow } from '../../stories/server/public';
import { normalizeChannels, stuffChannelId } from '../rules';

/**
 * Where an article is read, relative to the site: its page, which it has or gets with the issue's
 * publication (`hasPageWithIssue`); null for a bullet and an article that will have none.
 */
export function articlePath(story: StoryRow): string | null {
  return hasPageWithIssue(story) ? `/s/${encodeURIComponent(story.slug!)}` : null;
}

/** The channels of an issue that go out, in order, with their stories: 'Draft Stories' and the empty channels left out. */
export async function sentChannels(db: Handle, issue: { id: string; channels: IssueChannel[] }): Promise<{ title: string; stories: StoryRow[] }[]> {
  const stories = await storiesOfIssue(db, issue.id);
  const byId = new Map(stories.map((story) => [story.id, story]));
  return normalizeChannels(issue.channels, new Set(byId.keys()))
    .filter((channel) => channel._id !== stuffChannelId && channel.stories.length > 0)
    .map((channel) => ({ title: channel.title, stories: channel.stories.map((id) => byId.get(id)!) }));
}

/**
 * Publishes on the web, with the issue, the articles it sends that had no page of their own, dated
 * as the issue (`at`), changed now unless `changedAt` says when; their open editors hear of it
 * (the demo data has none). Run as the issue is
 * published, before its e-mail is built, so that every link in the e-mail leads to a page.
 */
export async function releaseArticlesOfIssue(
  context: { db: Handle; realtime?: RealtimeHub },
  issue: { id: string; channels: IssueChannel[] },
  at: Date,
  changedAt?: Date,
): Promise<void> {
  const stories = (await sentChannels(context.db, issue)).flatMap((channel) => channel.stories);
  const released = await releaseWithIssue(context.db, stories, at, changedAt);
  const { realtime } = context;
  if (realtime) for (const story of released) announceStory({ realtime }, story);
}
