/**
 * A publisher's file (publisher-data.ts) through the API: its director (or an admin in its scope)
 * takes it out; an admin brings one in, which makes the publisher on this server.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants } from '../shared/config';
import { publisherDataEndpoints } from '../shared/endpoints/publishers';
import { callerPublisher } from './auth/session';
import { coreTables } from './db/database';
import type { PluginApi } from './plugins/contract';
import { exportPublisher, importPublisher, leftOutOfPublisherData } from './publisher-data';
import { receiveFiles } from './uploads';

const importMessages = {
  missing: 'Choose the publisher file to import.',
  unreadable: 'The upload could not be read. Please try again.',
  tooMany: 'Choose one publisher file.',
  tooLarge: (name: string) => `"${name}" is larger than ${Math.round(constants.limits.publisherFileMaxBytes / 1024 / 1024)} MB.`,
};

export function registerPublisherDataRoutes(api: PluginApi): void {
  api.serve(publisherDataEndpoints.export, {
    requires: 'publishers.export',
    summary:
      "The caller's publisher as one zip file: its newsletters, stories, issues, collections, subscribers with their states, designs, settings and every other plugin's rows, with the stored files they name; secrets, sign-in sessions and password hashes are left out. POST /publishers/import on another Masthead makes the same publisher there.",
    async handler(_request, reply, session) {
      const made = await exportPublisher(coreTables(api.db), api.storage, callerPublisher(session), api.extensions.all(leftOutOfPublisherData));
      const stream = createReadStream(made.path);
      stream.once('close', made.remove);
      const name =
        made.manifest.publisher.title
          .normalize('NFKD')
          .replace(/[^\w-]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .toLowerCase() || 'publisher';
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${name}-${made.manifest.exportedAt.slice(0, 10)}.zip"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });

  api.serve(publisherDataEndpoints.import, {
    requires: 'publishers.import',
    summary: `Makes the publisher of a Masthead publisher file (multipart field file, at most ${constants.limits.publisherFileMaxBytes} bytes) on this server, with its stored files. Refused whole (409) when the publisher is here already or one of its addresses or team e-mails is taken.`,
    async handler(request) {
      const folder = mkdtempSync(join(tmpdir(), 'masthead-publisher-in-'));
      try {
        const { files } = await receiveFiles(request, folder, {
          field: 'file',
          maxBytes: constants.limits.publisherFileMaxBytes,
          maxFiles: 1,
          messages: importMessages,
        });
        const made = await importPublisher(coreTables(api.db), api.storage, files[0]!.path);
        return { data: made, msg: `${made.publisher.title} is imported: ${made.rows} rows, ${made.files} files.` };
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  });
}
