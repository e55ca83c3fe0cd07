/** A story as the premium-story service shows it: the spec's premium story record (spec 002 section 3). */
import type { StoryRow } from '../../stories/server/public';

export interface PremiumStory {
  /** The story's page key: its slug (a bullet has none: its id, as /s/{id} takes it). */
  key: string;
  title: string;
  subtitle: string;
  image: string;
  /** One record per story: the record's id is the story's. */
  id: string;
  storyId: string;
  isPremium: boolean;
}

export function presentPremiumStory(row: StoryRow): PremiumStory {
  return {
    key: row.slug ?? row.id,
    title: row.title,
    subtitle: row.subtitle,
    image: row.image,
    id: row.id,
    storyId: row.id,
    isPremium: Boolean(row.is_premium),
  };
}
