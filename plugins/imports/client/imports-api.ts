/** The calls the Import page makes (plugins/imports/server/routes.ts answers them). */
import { call, upload } from '../../../core/client/api';
import type { ReportAction } from '../server/contract';
import { importEndpoints } from '../endpoints';
import type { Source } from '../rules';

export const importsApi = {
  /** Stores the files and queues the import (a dry run checks them and writes only its report); answers its id at once. */
  start: (input: { source: Source; newsletterId: string; dryRun: boolean; files: readonly File[]; siteUrl: string }) => {
    const form = new FormData();
    form.append('source', input.source);
    form.append('newsletter', input.newsletterId);
    form.append('dryRun', String(input.dryRun));
    if (input.siteUrl.trim()) form.append('siteUrl', input.siteUrl.trim());
    for (const file of input.files) form.append('file', file, file.name);
    return upload(importEndpoints.create, form);
  },
  /** The import and a page of its report, of one action when asked. */
  fetch: (id: string, page: number, action?: ReportAction) => call(importEndpoints.fetch, { params: { id }, query: { page, action } }),
  list: () => call(importEndpoints.list, { query: { page: 0 } }),
};
