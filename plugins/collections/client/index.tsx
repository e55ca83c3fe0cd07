/** The collections plugin's console: its screens come in a later part (the wizard, the dashboard, the list). */
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

export default clientPlugin(manifest, {});
