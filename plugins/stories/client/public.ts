/**
 * What other plugins may use of stories on the console: the story card (issue channels,
 * collections), the Story shape, and the slots of the story editor they fill.
 */
export { StoryCard } from './StoryCard';
export type { StoryCardProps } from './StoryCard';
export { storyName } from './story-name';
export { storyApi, type Story } from './story-api';
export { storyPremiumSwitchRef, type StoryPremiumSwitchProps } from './refs';
