/** The embed service's calls (spec 002 section 7, 'Embed service'), declared once: plugins/embeds/server/routes.ts serves them, the editor calls them. */
import { data, endpoint, schema } from '../../core/shared/endpoints';

export const embedEndpoints = {
  /** 'POST /generate with a body frame': the frame made into an image kept in storage. */
  generate: endpoint('POST', '/embed/generate', { body: schema('api/embed-generate'), answer: data(schema('api/embed-generated')) }),
  /** 'GET /twitter with a link query': a post's oEmbed, its html cleaned. */
  twitter: endpoint('GET', '/embed/twitter', { query: schema('api/embed-twitter-query'), answer: data(schema('api/embed-twitter')) }),
};
