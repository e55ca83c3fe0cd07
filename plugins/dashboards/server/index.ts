/** The dashboards' server side: the publisher card's call and the public newsletter and publisher pages. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerPublicPages } from './public-pages';
import { registerPublisherCard } from './publisher-card';

export default serverPlugin(manifest, {
  register(api) {
    registerPublisherCard(api);
    registerPublicPages(api);
  },
});
