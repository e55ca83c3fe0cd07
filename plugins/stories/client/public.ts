/**
 * What other plugins may use of stories on the console: the story card (issue channels,
 * collections), the Story shape, the slots of the story editor they fill, and a premium story's
 * teaser (the issue audio reads it).
 */
export { StoryCard } from './StoryCard';
export type { StoryCardProps } from './StoryCard';
export { storyName } from './story-name';
export { storyApi, type Story } from './story-api';
export { storyPremiumSwitchRef, type StoryPremiumSwitchProps } from './refs';
export { premiumTeaserHtml } from '../teaser';
