/** What other plugins may use of stories on the server: the story as it is stored and shown, and a story's place in an issue. */
import type { Handle } from '../../../core/server/db/database';
import { findPublicStory, findStory, storiesDb, type StoryRow } from './store';

export { audienceStats, audienceTracking, tracking, type AudienceTracking, type ContentStats, type ContentType, type EmailLink } from './audience';
export { presentPenName, presentStory, statusOf } from './present';
export { mayRead as mayReadStory } from './policy';
export { announce as announceStory } from './publication';
export {
  findStory,
  insertStory,
  issuesHolding,
  listPenNames,
  ownPenName,
  premiumStories,
  releaseStoriesOfIssue,
  setStoryEpisode,
  setStoryIssue,
  setStoryPremium,
  storiesOfIssue,
  storyIdsOfIssue,
  type StoryRow,
} from './store';
export {
  latestPublishedArticles,
  longestStory,
  newsletterOfStory,
  publishedArticlesAmong,
  storiesAmong,
  storiesOwnedBy,
  storyTextsAmong,
  storyTextsOfIssue,
  type StoryCard,
  type StoryText,
} from './store';
export { storedBody } from './content';
export { readerHtml, type ReaderAccess } from './reader';
export { premiumAccess, readerAccess, type PremiumAccess, type PremiumNewsletter } from './premium-access';
export { hasPageWithIssue, releaseWithIssue } from './issue-articles';
export { premiumNotice } from '../teaser';
/** Demo data of other plugins hangs on the demo stories (the seed's module is loaded only by a start that seeds). */
export const addToDemoStory: typeof import('./seed').addToDemoStory = async (...args) => (await import('./seed')).addToDemoStory(...args);

/** A story by the key of its public address, its slug or its id (the editor's embed of a pasted /s/ link). */
export async function findStoryByKey(db: Handle, slugOrId: string): Promise<StoryRow | undefined> {
  const found = await findPublicStory(storiesDb(db), slugOrId);
  return found ? findStory(db, found.id) : undefined;
}
/** Stories an import brings, and their addresses on the site they come from (plugins/imports). */
export { freeStorySlug, importStory, type ImportedStatus, type ImportedStory } from './imported';
export { keepOldAddress, oldPathOf, storyAtOldAddress } from './old-addresses';
