/** A story's name, in a file of its own: the dashboard's first screen shows it without the story calls' code. */
import type { Story } from '../../../schemas/generated/entities/story';
import { t } from '../../../core/client/words';

/** A story's name in lists and menus: an article's title, or the first words of a bullet. */
export function storyName(story: Pick<Story, 'type' | 'title' | 'body'>): string {
  if (story.type === 'article' && story.title) return story.title;
  const words = story.body.text
    .replace(/^\s*•\s*/, '')
    .split(/\s+/)
    .filter(Boolean);
  return words.length > 0 ? words.slice(0, 8).join(' ') + (words.length > 8 ? '…' : '') : t('Untitled story');
}
