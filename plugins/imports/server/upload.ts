/**
 * Reading an import's upload: each file is streamed to the import's folder as it arrives, never
 * held in memory (an export may be 200 MB), with the size limit per file and the same 422s as
 * every upload (core/server/uploads.ts, which reads small files into memory and so cannot serve
 * here). Nothing the client sends becomes a path: the files are stored by their position.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { refusedCharacter } from '../../../core/server/edge';
import { HttpError, invalid } from '../../../core/server/errors';
import { constants } from '../../../core/shared/config';
import { importMessages } from '../rules';
import type { ImportFile } from './contract';

/** Files one import takes (a Ghost site export and its members CSV; Mailchimp's three lists). */
export const maxFiles = 10;
const maxFields = 10;

export interface ImportUpload {
  fields: Record<string, string>;
  files: ImportFile[];
}

/** Streams the request's files (field `file`) into `folder`; a refusal removes what was stored. */
export async function receiveImport(request: FastifyRequest, folder: string): Promise<ImportUpload> {
  if ((request.routeOptions.config as { upload?: boolean }).upload !== true)
    throw new Error(`${request.routeOptions.url} reads an upload but does not declare upload: true`);
  if (!request.isMultipart()) throw invalid(importMessages.noFile, 'file');
  const fields: Record<string, string> = {};
  const files: ImportFile[] = [];
  let receiving = '';
  await mkdir(folder, { recursive: true });
  try {
    const parts = request.parts({ limits: { fileSize: constants.imports.fileMaxBytes, files: maxFiles + 1, fields: maxFields, fieldSize: 10_000 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string' || part.fieldname in fields) continue;
        const refused = refusedCharacter({ [part.fieldname]: part.value });
        if (refused) throw invalid(refused.message, refused.at.join('.'));
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      if (files.length === maxFiles) throw invalid(importMessages.tooManyFiles, 'file');
      const name = (part.filename || `file-${files.length + 1}`).replace(/^.*[\\/]/, '');
      const refused = refusedCharacter({ file: name });
      if (refused) throw invalid(refused.message, 'file');
      receiving = name;
      const path = join(folder, `upload-${files.length}`);
      let size = 0;
      part.file.on('data', (chunk: Buffer) => (size += chunk.length));
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw invalid(importMessages.tooLarge(name), 'file');
      if (size > 0) files.push({ name, path, size });
    }
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(importMessages.tooLarge(receiving), 'file');
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw invalid(importMessages.tooManyFiles, 'file');
    throw invalid(importMessages.unreadable, 'file');
  }
  return { fields, files };
}
