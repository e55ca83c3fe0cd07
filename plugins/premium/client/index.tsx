/** The premium-story service has no screens of its own: the story settings' premium switch calls it. */
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

export default clientPlugin(manifest, {});
