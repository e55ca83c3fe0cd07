/** A story as the premium-story service shows it: the spec's premium story record (spec 002 section 3). */
import type { PremiumStoryChange } from '../../../schemas/generated/api/premium-story-change';
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

/** A change's whole answer: success true, as the spec's service answers it, the record as it is now, and the message. */
export function presentPremiumChange(row: StoryRow, msg: string): PremiumStoryChange {
  return { success: true, data: presentPremiumStory(row), msg };
}
