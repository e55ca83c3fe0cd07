/**
 * The embed service has no screens of its own: it makes the rich-text editor's embeds (the core's
 * `makeEmbedRef`). Without this plugin the editor offers no embed. The call's module loads with the
 * first embed.
 */
import { makeEmbedRef, provide } from '../../../core/client/refs';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

export default clientPlugin(manifest, {
  provides: [provide(makeEmbedRef, () => import('./make-embed'))],
});
