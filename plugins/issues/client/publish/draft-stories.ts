/**
 * The draft stories that block an issue's publication (spec 001 sections 4 and 5): those in its
 * channels, the parking channel 'Draft Stories' aside, as the server counts them. The console
 * finds them itself before it asks to publish; the server's refusal names them too.
 */
import { storyName, type Story } from '../../../stories/client/public';
import { stuffChannelId, type IssueChannel } from '../../rules';

export interface DraftStory {
  _id: string;
  name: string;
}

export function draftStoriesIn(channels: IssueChannel[], stories: Iterable<Story>): DraftStory[] {
  const byId = new Map([...stories].map((story) => [story._id, story]));
  return channels
    .filter((channel) => channel._id !== stuffChannelId)
    .flatMap((channel) => channel.stories)
    .map((id) => byId.get(id))
    .filter((story): story is Story => Boolean(story?.status.draft))
    .map((story) => ({ _id: story._id, name: storyName(story) }));
}

/** The stories a 422 draftStoriesBlock refusal names: details [{ message: title or text, path: ['stories', id] or 'stories.id' }]. */
export function draftStoriesOfRefusal(details: { message: string; path: unknown }[]): DraftStory[] {
  return details.map((detail) => {
    const path = Array.isArray(detail.path) ? detail.path.map(String) : String(detail.path).split('.');
    return { _id: path[path.length - 1] ?? '', name: detail.message };
  });
}
