/**
 * What the uploaded files are: checked as they arrive (a file a source does not take, a CSV without
 * the member list's e-mail column, a zip that cannot be read is a 422 naming it), and sorted when
 * the import runs into the posts part's files (posts/index.ts says which) and the member lists.
 */
import { open } from 'node:fs/promises';
import type { ValidationDetail } from '../../../core/shared/validation-details';
import { importMessages, sourceNames } from '../rules';
import type { ImportFile, ImportSource } from './contract';
import { columnName, csvHeader } from './csv';
import { emailColumn, isMemberList } from './members/formats';
import { isPostsFile } from './posts/index';
import { isZip, unpackZip, zipEntryNames, ZipRefused } from './zip';
import type { MemberList } from './members/index';

const extension = (name: string) => name.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? '';

/** The sources whose exports come zipped. */
const zipped: readonly ImportSource[] = ['substack', 'mailchimp'];

const memberListName: Record<ImportSource, string> = {
  ghost: 'a Ghost members CSV',
  substack: "Substack's e-mail list",
  mailchimp: 'a Mailchimp audience export',
  beehiiv: 'a beehiiv subscribers or posts CSV',
};

/** The problems of the uploaded files for the source, one detail each (path 'file'); none when they can be imported. */
export async function checkFiles(source: ImportSource, files: readonly ImportFile[]): Promise<ValidationDetail[]> {
  const details: ValidationDetail[] = [];
  const problem = (message: string) => details.push({ message, path: 'file' });
  for (const file of files) {
    const type = extension(file.name);
    if (isZip(file.name) && zipped.includes(source)) {
      try {
        await zipEntryNames(file.path, file.name);
      } catch (error) {
        if (!(error instanceof ZipRefused)) throw error;
        problem(error.message);
      }
    } else if (type === '.json' && source === 'ghost') {
      if (!(await startsLikeJson(file.path))) problem(importMessages.notJson(file.name));
    } else if (type === '.csv') {
      const header = await csvHeader(file.path);
      if (!header) problem(importMessages.notCsv(file.name));
      else if (!isPostsFile(source, file.name, header) && !isMemberList(source, file.name, header.map(columnName)))
        problem(importMessages.noEmailColumn(file.name, memberListName[source]));
    } else problem(importMessages.notTaken(file.name, sourceNames[source]));
  }
  return details;
}

/** A JSON document starts with '{' or '[' after any white space. */
async function startsLikeJson(path: string): Promise<boolean> {
  const handle = await open(path);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    const start = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    return start.startsWith('{') || start.startsWith('[');
  } finally {
    await handle.close();
  }
}

export interface SortedFiles {
  posts: ImportFile[];
  members: MemberList[];
  /** Files neither part takes, reported and left out. */
  others: ImportFile[];
}

/** Unpacks the zips into `folder` and sorts every file into the part that reads it. */
export async function sortFiles(source: ImportSource, files: readonly ImportFile[], folder: string, signal: AbortSignal): Promise<SortedFiles> {
  const sorted: SortedFiles = { posts: [], members: [], others: [] };
  const all: ImportFile[] = [];
  for (const [index, file] of files.entries()) {
    if (isZip(file.name)) all.push(...(await unpackZip(file, folder, `zip-${index}`, signal)));
    else all.push(file);
  }
  for (const file of all) {
    const header = extension(file.name) === '.csv' ? await csvHeader(file.path) : null;
    const columns = header?.map(columnName) ?? [];
    if (isPostsFile(source, file.name, header)) sorted.posts.push(file);
    else if (header && columns.includes(emailColumn(source)) && isMemberList(source, file.name, columns)) sorted.members.push({ file, columns });
    else sorted.others.push(file);
  }
  return sorted;
}
