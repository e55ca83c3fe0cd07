/** A story as the premium-story service shows it: the spec's premium story record (spec 002 section 3). */
import type { PremiumStoryRecord } from '../../../schemas/generated/api/premium-story-record';
import type { StoryRow } from '../../stories/server/public';

export function presentPremiumStory(row: StoryRow): PremiumStoryRecord {
  return {
    // A bullet has no slug: its id, as /s/{id} takes it.
    key: row.slug ?? row.id,
    title: row.title,
    subtitle: row.subtitle,
    image: row.image,
    // One record per story: the record's id is the story's.
    id: row.id,
    storyId: row.id,
    isPremium: Boolean(row.is_premium),
  };
}
