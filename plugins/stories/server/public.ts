/** What other plugins may use of stories on the server: the story as it is stored and shown, and a story's place in an issue. */
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
export { readerHtml } from './reader';
export { hasPageWithIssue, releaseWithIssue } from './issue-articles';
export { premiumNotice } from '../teaser';
