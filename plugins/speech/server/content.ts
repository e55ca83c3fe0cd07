/**
 * What a TTS record speaks: a story (article or bullet) or an issue, found for a caller who may
 * reach it. Authors reach only the stories they write; issue audio needs speech.publish. Anything
 * else is as good as missing (404).
 */
import { demand, type Session } from '../../../core/server/auth/session';
import type { Handle } from '../../../core/server/db/database';
import { notFound } from '../../../core/server/errors';
import { constants } from '../../../core/shared/config';
import { escapeHtml, htmlToText } from '../../../core/shared/text';
import { findIssue, issueTextsAmong, stuffChannelId, type IssueText } from '../../issues/server/public';
import { findStory, mayReadStory, readerHtml, storyTextsAmong, type StoryText } from '../../stories/server/public';
import { firstWords, type SpeechContentType } from '../rules';
import type { AudioContent } from './present';
import type { AudioRow } from './tables';

export interface SpeechContent {
  id: string;
  type: SpeechContentType;
  newsletterId: string;
  publisherId: string;
  /** The title the TTS list shows (spec 002 section 2.2); 'N/A' when none can be derived. */
  title: string;
  subtitle: string;
  image: string;
  html: string;
  text: string;
  /** Where the console edits it. */
  editUrl: string;
  /** For paying readers only: its audio never becomes a public episode. */
  premium: boolean;
}

export const notAvailable = 'N/A';

/** A story's title on the TTS list: an article's title, a bullet's first words without bracketed parts. */
export function storyTitle(story: { type: string; title: string; body_text: string }): string {
  const title = story.type === 'article' ? story.title.trim() : firstWords(story.body_text, constants.speech.storyTitleWords);
  return title || notAvailable;
}

export async function reachContent(db: Handle, session: Session, id: string, type?: SpeechContentType): Promise<SpeechContent> {
  if (type === 'issue') return reachIssue(db, session, id);
  const story = await findStory(db, id);
  if (!story || !mayReadStory(session, story) || (type && story.type !== type)) throw notFound('Story not found.');
  return storyContent(story);
}

async function reachIssue(db: Handle, session: Session, id: string): Promise<SpeechContent> {
  const issue = await findIssue(db, id);
  if (!issue || !session.newsletterIds.has(issue.newsletter_id)) throw notFound('Issue not found.');
  demand(session, 'speech.publish');
  return issueContent(issue);
}

function storyContent(story: StoryText): SpeechContent {
  return {
    id: story.id,
    type: story.type,
    newsletterId: story.newsletter_id,
    publisherId: story.publisher_id,
    title: storyTitle(story),
    subtitle: story.subtitle,
    image: story.image,
    html: story.body_html,
    text: story.body_text,
    editUrl: `/stories/edit/${story.id}`,
    premium: story.is_premium,
  };
}

function issueContent(issue: IssueText): SpeechContent {
  return {
    id: issue.id,
    type: 'issue',
    newsletterId: issue.newsletter_id,
    publisherId: issue.publisher_id,
    title: issue.subject.trim() || notAvailable,
    subtitle: issue.preview,
    image: issue.image,
    html: issue.intro_html,
    text: issue.intro_text,
    editUrl: `/issues/edit/${issue.id}`,
    premium: issue.premium,
  };
}

/** What an audio record says of its story or issue. */
export function audioContentOf(content: SpeechContent): AudioContent {
  return { id: content.id, type: content.type, title: content.title, text: content.text, html: content.html, url: content.editUrl };
}

/** The list's titles: each record's story or issue, read in two queries. */
export async function contentsOf(db: Handle, rows: Pick<AudioRow, 'content_id' | 'content_type'>[]): Promise<Map<string, AudioContent>> {
  const storyIds = rows.filter((row) => row.content_type !== 'issue').map((row) => row.content_id);
  const issueIds = rows.filter((row) => row.content_type === 'issue').map((row) => row.content_id);
  const [stories, issues] = await Promise.all([storyTextsAmong(db, storyIds), issueTextsAmong(db, issueIds)]);
  const contents = [...stories.map(storyContent), ...issues.map(issueContent)];
  return new Map(contents.map((content) => [content.id, audioContentOf(content)]));
}

export interface IssueItem {
  /** 'intro' or the story's id: the chunks made of it carry it as their origin. */
  origin: string;
  html: string;
  title: string;
}

/**
 * What an issue's audio reads: its intro, then the stories of its first channels (spec 002 section
 * 2.3: two). 'Draft Stories' is where stories wait to be placed, not part of what readers get, so
 * it is not counted.
 */
export async function issueItems(db: Handle, issueId: string): Promise<IssueItem[]> {
  const issue = (await findIssue(db, issueId))!;
  const channels = issue.channels.filter((channel) => channel._id !== stuffChannelId).slice(0, constants.speech.issueChannels);
  const storyIds = channels.flatMap((channel) => channel.stories);
  const stories = await storyTextsAmong(db, storyIds);
  const byId = new Map(stories.map((story) => [story.id, story]));
  const items: IssueItem[] = [];
  if (htmlToText(issue.intro_html)) items.push({ origin: 'intro', html: issue.intro_html, title: itemTitle(issue.intro_html) });
  for (const storyId of storyIds) {
    const story = byId.get(storyId);
    if (!story) continue;
    // An article is heard with its title first; a premium story as readers get it, its teaser.
    const body = readerHtml(story, story.body_html);
    const html = story.type === 'article' && story.title ? `<h2>${escapeHtml(story.title)}</h2>${body}` : body;
    if (htmlToText(html)) items.push({ origin: story.id, html, title: itemTitle(html) });
  }
  return items;
}

const itemTitle = (html: string) => firstWords(htmlToText(html), constants.speech.itemTitleWords) || notAvailable;
