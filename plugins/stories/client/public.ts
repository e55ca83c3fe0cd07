/** What other plugins may use of stories on the console: the story card (issue channels, collections) and the Story shape. */
export { StoryCard } from './StoryCard';
export type { StoryCardProps } from './StoryCard';
export { storyName } from './story-name';
export { storyApi, type Story } from './story-api';
