/**
 * Reading an uploaded file from a multipart request, with the checks every upload shares: the
 * real type from the file's first bytes (never its name or the browser's word), the size limit,
 * and the spec's messages as 422 details on the file's field.
 */
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyRequest } from 'fastify';
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
        if (typeof part.value !== 'string' || part.fieldname in fields) continue;
        const refused = refusedCharacter({ [part.fieldname]: part.value });
        if (refused) throw invalid(refused.message, refused.at.join('.'));
        fields[part.fieldname] = part.value;
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
  const detected = await fileTypeFromBuffer(file.buffer);
  if (!detected || !rule.types.includes(detected.mime)) throw invalid(rule.typeMessage, rule.field);
  return { ...file, mime: detected.mime, ext: detected.ext === 'jpeg' ? 'jpg' : detected.ext };
}
