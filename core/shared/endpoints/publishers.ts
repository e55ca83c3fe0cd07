/** A publisher's whole data, out and in (core/server/publisher-data.ts), declared once. */
import { data, document, endpoint, schema } from '../endpoints';

export const publisherDataEndpoints = {
  /** The caller's publisher as one zip file, an attachment. */
  export: endpoint('GET', '/publishers/export', {
    answer: document('application/zip', "The caller's publisher as a Masthead publisher file (zip), an attachment."),
  }),
  /** A multipart upload: the publisher file in the field file. */
  import: endpoint('POST', '/publishers/import', { upload: true, answer: data(schema('api/publisher-import')) }),
};
