/**
 * The imports plugin's server: the calls (routes.ts) and the job that runs an import (runner.ts).
 * An import running when the server closes is stopped at its next item and runs again after the
 * restart (the queue retries its job; the memory skips what it took).
 */
import { serverPlugin } from '../../../core/server/plugins/contract';
import { leftOutOfPublisherData } from '../../../core/server/publisher-data';
import manifest from '../plugin';
import { registerImportRoutes } from './routes';
import { importJob, runImport } from './runner';

export default serverPlugin(manifest, {
  register(api) {
    const closing = new AbortController();
    const running = new Set<Promise<void>>();
    api.jobs.define<{ importId: string }>(
      importJob,
      async ({ importId }) => {
        const run = runImport(api, importId, closing.signal);
        running.add(run);
        try {
          await run;
        } finally {
          running.delete(run);
        }
      },
      { wake: true },
    );
    // The queue has stopped taking jobs: stop the running import before the database closes.
    api.onClose(async () => {
      closing.abort(new Error('The server is closing.'));
      await Promise.allSettled(running);
    });
    registerImportRoutes(api);
    // An import's files stay on the server that received them: its runs and reports do not travel
    // with a publisher's file (what they took does, with the memory that keeps a second run from
    // taking it again).
    api.extensions.add(leftOutOfPublisherData, { table: 'imports', reason: "an import's files stay on the server that received them" });
    api.extensions.add(leftOutOfPublisherData, { table: 'import_report_rows', reason: "an import's report stays with its run" });
  },
});
