/** The slots the story editor renders and other plugins fill (core/client/refs.ts); others reach them through public.ts. */
import { createComponentRef } from '../../../core/client/refs';
import type { Story } from './story-api';

export interface StoryPremiumSwitchProps {
  /** The story as last saved (`_id` is missing before its first save); `isPremium` changes when another session sets it. */
  story: Pick<Story, 'slug' | 'title' | 'subtitle' | 'image' | 'isPremium'> & { _id?: string };
  disabled: boolean;
}

/**
 * The story settings' premium switch (spec 001 section 2). Whether a story is premium is kept by
 * the premium-story service, not by the story's autosave: the plugin that calls that service
 * provides the switch, and without it the settings show none.
 */
export const storyPremiumSwitchRef = createComponentRef<StoryPremiumSwitchProps>('stories.premiumSwitch');
