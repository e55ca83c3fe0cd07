/**
 * Reading an uploaded file from a multipart request, with the checks every upload shares: the
 * real type from the file's first bytes (never its name or the browser's word), the size limit,
 * and the spec's messages as 422 details on the file's field.
 */
import { loadFileType } from './on-first-use';
import type { FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { refusedCharacter } from './edge';
import { HttpError, invalid } from './errors';

export interface UploadRule {
  /** The multipart field that carries the file ('image', 'upload', 'audio'). */
  field: string;
  maxBytes: number;
  /** Accepted MIME types, as detected from the content. */
  types: readonly string[];
  typeMessage: string;
  sizeMessage: string;
  /** When the field is missing or empty; the type message otherwise. */
  missingMessage?: string;
}

const maxFields = 30;
const unreadable = 'The upload could not be read. Please try again.';

/** The one file of a multipart request and the form's other fields: every upload is read here. */
export interface MultipartFile {
  buffer: Buffer;
  /** The client's file name: shown to people (a default title), never used as a path. */
  filename: string;
  /** The other fields of the form, as text. */
  fields: Record<string, string>;
}

/** A file whose type was detected from its content. */
export interface Upload extends MultipartFile {
  mime: string;
  ext: string;
}

/** A form's text field, kept once (the first), refused when it holds a character no column would take (edge.ts). */
function keepField(fields: Record<string, string>, name: string, value: unknown): void {
  if (typeof value !== 'string' || name in fields) return;
  const refused = refusedCharacter({ [name]: value });
  if (refused) throw invalid(refused.message, refused.at.join('.'));
  fields[name] = value;
}

/**
 * Reads a multipart request: the file in `field` (at most `maxBytes`) and the text fields. A body
 * that is not multipart, is cut short or is malformed is the caller's mistake (422), and so is a
 * character in a text field that no database column would take (the request edge's rule, edge.ts).
 */
export async function readMultipart(
  request: FastifyRequest,
  rule: { field: string; maxBytes: number; sizeMessage: string; missingMessage: string },
): Promise<MultipartFile> {
  if ((request.routeOptions.config as { upload?: boolean }).upload !== true)
    throw new Error(`${request.routeOptions.url} reads an upload but does not declare upload: true`);
  if (!request.isMultipart()) throw invalid(rule.missingMessage, rule.field);
  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; filename: string } | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: rule.maxBytes, files: 1, fields: maxFields, fieldSize: 100_000 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        keepField(fields, part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== rule.field || file) {
        part.file.resume();
        continue;
      }
      file = { buffer: await part.toBuffer(), filename: part.filename };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(rule.sizeMessage, rule.field);
    throw invalid(unreadable, rule.field);
  }
  if (!file || file.buffer.length === 0) throw invalid(rule.missingMessage, rule.field);
  return { buffer: file.buffer, filename: file.filename, fields };
}

export async function readUpload(request: FastifyRequest, rule: UploadRule): Promise<Upload> {
  const missingMessage = rule.missingMessage ?? rule.typeMessage;
  const file = await readMultipart(request, { field: rule.field, maxBytes: rule.maxBytes, sizeMessage: rule.sizeMessage, missingMessage });
  const detected = await (await loadFileType()).fileTypeFromBuffer(file.buffer);
  if (!detected || !rule.types.includes(detected.mime)) throw invalid(rule.typeMessage, rule.field);
  return { ...file, mime: detected.mime, ext: detected.ext === 'jpeg' ? 'jpg' : detected.ext };
}

/** A file `receiveFiles` stored on disk. */
export interface ReceivedFile {
  /** The client's file name without its folders: shown to people, never used as a path. */
  name: string;
  path: string;
  size: number;
}

export interface ReceiveRule {
  field: string;
  /** Per file. */
  maxBytes: number;
  maxFiles: number;
  messages: { missing: string; unreadable: string; tooMany: string; tooLarge(name: string): string };
}

/**
 * Reads a multipart request whose files are too large to hold in memory (an export to import):
 * each file of `field` is streamed into `folder` as it arrives, named by its position, with the
 * size limit per file; the form's other fields come back as text. A refusal removes what was stored.
 */
export async function receiveFiles(
  request: FastifyRequest,
  folder: string,
  rule: ReceiveRule,
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  if ((request.routeOptions.config as { upload?: boolean }).upload !== true)
    throw new Error(`${request.routeOptions.url} reads an upload but does not declare upload: true`);
  if (!request.isMultipart()) throw invalid(rule.messages.missing, rule.field);
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  let receiving = '';
  await mkdir(folder, { recursive: true });
  try {
    const parts = request.parts({ limits: { fileSize: rule.maxBytes, files: rule.maxFiles + 1, fields: maxFields, fieldSize: 10_000 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        keepField(fields, part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== rule.field) {
        part.file.resume();
        continue;
      }
      if (files.length === rule.maxFiles) throw invalid(rule.messages.tooMany, rule.field);
      const name = (part.filename || `file-${files.length + 1}`).replace(/^.*[\\/]/, '');
      const refused = refusedCharacter({ [rule.field]: name });
      if (refused) throw invalid(refused.message, rule.field);
      receiving = name;
      const path = join(folder, `upload-${files.length}`);
      let size = 0;
      part.file.on('data', (chunk: Buffer) => (size += chunk.length));
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw invalid(rule.messages.tooLarge(name), rule.field);
      if (size > 0) files.push({ name, path, size });
    }
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(rule.messages.tooLarge(receiving), rule.field);
    if (code === 'FST_FILES_LIMIT') throw invalid(rule.messages.tooMany, rule.field);
    throw invalid(rule.messages.unreadable, rule.field);
  }
  if (files.length === 0) {
    await rm(folder, { recursive: true, force: true });
    throw invalid(rule.messages.missing, rule.field);
  }
  return { fields, files };
}
