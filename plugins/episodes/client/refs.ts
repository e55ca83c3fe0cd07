/** The pages the episodes plugin links to and others provide (core/client/refs.ts); others reach them through public.ts. */
import { createRouteRef } from '../../../core/client/refs';

/**
 * The page where stories become an episode's audio (text to speech), offered as 'TTS' in the
 * episode list's New menu. The episodes plugin declares it; the plugin that builds speech binds it.
 */
export const speechRoute = createRouteRef('episodes.speech', ['newsletterId']);
