/**
 * What an issue's audio is read from (spec 002 sections 2.3 and 9): the intro, then the stories of
 * the issue's first constants.speech.issueChannels channels, each an item whose chunks carry its
 * origin ('intro' or the story's id). A premium story gives its teaser, as on the server.
 */
import type { Issue } from '../../../schemas/generated/entities/issue';
import { constants } from '../../../core/shared/config';
import { htmlToText } from '../../../core/shared/text';
import { premiumTeaserHtml, type Story } from '../../stories/client/public';
import { firstWords } from '../rules';
import type { Chunk } from './speech-api';
import { t } from '../../../core/client/words';

/** 'Draft Stories', the channel every issue starts with (schemas/entities/issue): its stories are not the issue's yet. */
const draftStoriesChannelId = 'stuff';

export interface IssueItem {
  /** 'intro' or the story's id: the chunks' origin. */
  origin: string;
  /** Its first words, bracketed parts removed. */
  title: string;
  html: string;
}

export function issueItems(issue: Issue, stories: Story[]): IssueItem[] {
  const byId = new Map(stories.map((story) => [story._id, story]));
  const titleOf = (text: string) => firstWords(text, constants.speech.itemTitleWords) || t('N/A');
  const intro: IssueItem[] = issue.intro.text.trim() ? [{ origin: 'intro', title: titleOf(issue.intro.text), html: issue.intro.html }] : [];
  const storyItems = issue.channelsNew
    .filter((channel) => channel._id !== draftStoriesChannelId)
    .slice(0, constants.speech.issueChannels)
    .flatMap((channel) => channel.stories)
    .flatMap((id) => {
      const story = byId.get(id);
      if (!story) return [];
      // A premium story is heard as readers who do not pay read it: the audio may become a public episode.
      const html = story.isPremium ? premiumTeaserHtml(story.body.html) : story.body.html;
      return [{ origin: story._id, title: titleOf(story.isPremium ? htmlToText(html) : story.body.text), html }];
    });
  return [...intro, ...storyItems];
}

/** An item is ready once it has chunks and every one of them has its audio. */
export function itemReady(item: IssueItem, parts: Chunk[]): boolean {
  const own = parts.filter((part) => part.origin === item.origin);
  return own.length > 0 && own.every((part) => Boolean(part.url));
}

/** The parts in the items' order, leaving out those of items the issue no longer has. */
export function partsInItemOrder(items: IssueItem[], parts: Chunk[]): Chunk[] {
  return items.flatMap((item) => parts.filter((part) => part.origin === item.origin));
}
