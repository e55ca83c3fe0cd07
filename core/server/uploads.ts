/**
 * Reading an uploaded file from a multipart request, with the checks every upload shares: the
 * real type from the file's first bytes (never its name or the browser's word), the size limit,
 * and the spec's messages as 422 details on the file's field.
 */
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyRequest } from 'fastify';
import { invalid } from './errors';

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

export interface Upload {
  buffer: Buffer;
  mime: string;
  ext: string;
  /** The client's file name: shown to people (a default title), never used as a path. */
  filename: string;
  /** The other fields of the form, as text. */
  fields: Record<string, string>;
}

const maxFields = 30;

export async function readUpload(request: FastifyRequest, rule: UploadRule): Promise<Upload> {
  if (!request.isMultipart()) throw invalid(rule.missingMessage ?? rule.typeMessage, rule.field);
  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; filename: string } | undefined;
  const parts = request.parts({ limits: { fileSize: rule.maxBytes, files: 1, fields: maxFields, fieldSize: 100_000 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== rule.field || file) {
      part.file.resume();
      continue;
    }
    try {
      file = { buffer: await part.toBuffer(), filename: part.filename };
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(rule.sizeMessage, rule.field);
      throw error;
    }
  }
  if (!file || file.buffer.length === 0) throw invalid(rule.missingMessage ?? rule.typeMessage, rule.field);
  const detected = await fileTypeFromBuffer(file.buffer);
  if (!detected || !rule.types.includes(detected.mime)) throw invalid(rule.typeMessage, rule.field);
  return { buffer: file.buffer, mime: detected.mime, ext: detected.ext === 'jpeg' ? 'jpg' : detected.ext, filename: file.filename, fields };
}
