/**
 * The text-to-speech console: the TTS list (bound to the episodes' speechRoute), the audio pickers
 * and the story and issue audio screens.
 */
import { lazy } from 'react';
import { clientPlugin } from '../../../core/client/registry';
import { speechRoute } from '../../episodes/client/public';
import manifest from '../plugin';

const TtsListPage = lazy(() => import('./TtsListPage'));
const AudioPickerPage = lazy(() => import('./AudioPickerPage'));
const StoryAudioPage = lazy(() => import('./StoryAudioPage'));
const IssueAudioPage = lazy(() => import('./IssueAudioPage'));

export default clientPlugin(manifest, {
  routes: [
    { ref: speechRoute, path: '/newsletters/show/:newsletterId/tts', page: TtsListPage, requires: 'speech.create' },
    { path: '/stories/audios/select/:newsletterId', page: AudioPickerPage, requires: 'speech.create' },
    { path: '/stories/audios/create/:storyId', page: StoryAudioPage, requires: 'speech.create' },
    { path: '/issues/audios/select/:newsletterId', page: AudioPickerPage, requires: 'speech.publish' },
    { path: '/issues/audios/create/:issueId', page: IssueAudioPage, requires: 'speech.publish' },
  ],
});
