/**
 * Unpacking an uploaded zip (Substack's export, Mailchimp's audience) into the import's folder,
 * one entry at a time as a stream. Bounded: at most constants.imports.zipMaxEntries files and
 * unzippedMaxBytes in all (a zip bomb stops at the bound, counted from what the entries say and
 * checked against what they really unpack to); an entry whose path would leave the archive
 * (absolute, or through '..') refuses the whole archive. The stored copies are named by their
 * position, never by the entry's path.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadYauzl } from '../../../core/server/on-first-use';
import { constants } from '../../../core/shared/config';
import type { ImportFile } from './contract';

export class ZipRefused extends Error {}

/** Whether a file is a zip archive, by its name (its content is checked when it is opened). */
export const isZip = (name: string) => name.toLowerCase().endsWith('.zip');

/** The names of a zip's files (its central directory alone: nothing is unpacked); throws ZipRefused for an archive that cannot be read. */
export async function zipEntryNames(path: string, name: string): Promise<string[]> {
  const zip = await openZip(path, name);
  const names: string[] = [];
  try {
    for await (const entry of zip.eachEntry()) if (!entry.fileName.endsWith('/')) names.push(entry.fileName);
  } catch (error) {
    throw refusal(name, error);
  } finally {
    zip.close();
  }
  return names;
}

/** Unpacks a zip's files into `folder` (as zip-<n>-<m>), answering them with their paths inside the archive as names. */
export async function unpackZip(file: ImportFile, folder: string, prefix: string, signal: AbortSignal): Promise<ImportFile[]> {
  await mkdir(folder, { recursive: true });
  const zip = await openZip(file.path, file.name);
  const files: ImportFile[] = [];
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      signal.throwIfAborted();
      if (entry.fileName.endsWith('/')) continue;
      if (files.length >= constants.imports.zipMaxEntries) throw new ZipRefused(`"${file.name}" holds more than ${constants.imports.zipMaxEntries} files.`);
      total += entry.uncompressedSize;
      if (total > constants.imports.unzippedMaxBytes) throw new ZipRefused(tooLarge(file.name));
      const path = join(folder, `${prefix}-${files.length}`);
      await pipeline(await zip.openReadStreamPromise(entry), createWriteStream(path), { signal });
      files.push({ name: entry.fileName, path, size: entry.uncompressedSize });
    }
  } catch (error) {
    // The disk failing is the server's trouble, not the archive's.
    throw signal.aborted || (error as { syscall?: string }).syscall ? error : refusal(file.name, error);
  } finally {
    zip.close();
  }
  return files;
}

const tooLarge = (name: string) => `"${name}" unpacks to more than ${Math.round(constants.imports.unzippedMaxBytes / 1024 / 1024)} MB.`;

async function openZip(path: string, name: string) {
  try {
    // lazyEntries: one entry at a time; validateEntrySizes: an entry that unpacks to more than it says is an error.
    return await (await loadYauzl()).openPromise(path, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw refusal(name, error);
  }
}

function refusal(name: string, error: unknown): ZipRefused {
  if (error instanceof ZipRefused) return error;
  const message = error instanceof Error ? error.message : String(error);
  // yauzl refuses an entry path that is absolute or climbs out ('invalid relative path', 'absolute path').
  if (/relative path|absolute path|invalid characters/i.test(message)) return new ZipRefused(`"${name}" holds a file whose path points outside the archive.`);
  if (/uncompressed size|too many bytes|expected/i.test(message)) return new ZipRefused(tooLarge(name));
  return new ZipRefused(`"${name}" is not a zip archive that can be read.`);
}
