/**
 * The posts side of an import: Ghost's site export, Substack's posts.csv and posts/*.html, and
 * beehiiv's posts CSV become stories of the import's newsletter (and, where a post went out by
 * e-mail, an issue in its archive).
 */
import type { ImportContext, ImportFile, ImportSource } from '../contract';

/** Takes the posts of the files the runner hands this part. */
export async function importPosts(ctx: ImportContext, files: ImportFile[]): Promise<void> {
  void ctx;
  void files;
}

/** Whether a file is one this part reads (header: the first CSV row's cells for a .csv, null otherwise). */
export function isPostsFile(source: ImportSource, name: string, header: string[] | null): boolean {
  const lower = name.toLowerCase();
  if (source === 'ghost') return lower.endsWith('.json');
  if (source === 'substack') return lower === 'posts.csv' || lower.endsWith('/posts.csv') || /(^|\/)posts\/[^/]+\.html$/.test(lower);
  if (source === 'beehiiv')
    return (
      lower.endsWith('.csv') &&
      header !== null &&
      header.some((cell) => /^(web_)?title$/i.test(cell.trim())) &&
      !header.some((cell) => /^e-?mail$/i.test(cell.trim()))
    );
  return false;
}
