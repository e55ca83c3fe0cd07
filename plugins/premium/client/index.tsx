/** The premium-story service has no screens of its own: it provides the story settings' premium switch, which calls it. */
import { lazy } from 'react';
import { provide } from '../../../core/client/refs';
import { clientPlugin } from '../../../core/client/registry';
import { storyPremiumSwitchRef } from '../../stories/client/public';
import manifest from '../plugin';

export default clientPlugin(manifest, {
  // Shown to those who hold premium.manage (the switch checks it).
  provides: [
    provide(
      storyPremiumSwitchRef,
      lazy(() => import('./PremiumSwitch')),
    ),
  ],
});
