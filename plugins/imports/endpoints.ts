/** The imports' calls (issue 56), declared once: plugins/imports/server serves them, the console and scripts call them. */
import type { Answer } from '../../core/shared/endpoints';
import { endpoint, list, schema, whole } from '../../core/shared/endpoints';
import type { ImportQueued } from '../../schemas/generated/api/import-queued';

/** 202: the import is queued, and answers at once; its work goes on in a job. */
const queued: Answer<ImportQueued> = { statuses: { 202: schema('api/import-queued').schema } };

export const importEndpoints = {
  /** A multipart upload: source, newsletter, dryRun, and the files in the field file (once or several times). */
  create: endpoint('POST', '/imports', { upload: true, answer: queued }),
  list: endpoint('GET', '/imports', { query: schema('api/import-list-query'), answer: list(schema('api/import')) }),
  fetch: endpoint('GET', '/imports/:id', { query: schema('api/import-report-query'), answer: whole(schema('api/import-report')) }),
};
