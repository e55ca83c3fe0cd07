/**
 * Substack's export (Settings → Exports: a zip the runner unpacks): posts.csv, a post a row
 * (post_id '<id>.<slug>', post_date, is_published, email_sent_at, inbox_sent_at, type, audience
 * everyone, only_free, only_paid or founding, title, subtitle, podcast_url), and each post's body
 * in posts/<post_id>.html, read when its row is taken, one at a time. A post is published when
 * is_published says so (dated post_date), a draft otherwise; premium for only_paid and founding;
 * it went out by e-mail when email_sent_at is set. The export names no author. Its old address is
 * /p/{slug}.
 */
import { readFile } from 'node:fs/promises';
import type { ImportFile } from '../contract';
import { cellOf, csvRecords, dateOf, isBad, yes, type BadItem, type SourcePost } from './source';
import { postReasons, reason } from '../../rules';

/** The name a file has inside the export: 'posts/123.my-post.html'. */
const inside = (name: string) => name.replace(/\\/g, '/').replace(/^\/+/, '');

export const isSubstackPostsCsv = (name: string) => /(^|\/)posts\.csv$/i.test(inside(name));
export const isSubstackPostHtml = (name: string) => /(^|\/)posts\/[^/]+\.html$/i.test(inside(name));

const required = ['post_id', 'title'];

/** The posts of posts.csv with their HTML files. */
export async function* substackPosts(csv: ImportFile, htmlFiles: ImportFile[], signal: AbortSignal): AsyncGenerator<SourcePost | BadItem> {
  const bodies = new Map(
    htmlFiles.map((file) => [
      inside(file.name)
        .split('/')
        .pop()!
        .replace(/\.html$/i, ''),
      file,
    ]),
  );
  for await (const record of csvRecords(csv, signal)) {
    if (isBad(record)) {
      yield record;
      continue;
    }
    const { row, cells } = record;
    if (row === 2) {
      const missing = required.filter((name) => !(name in cells));
      if (missing.length) throw new Error(`${csv.name} is not Substack's posts.csv: it has no ${missing.join(', ')} column.`);
    }
    const postId = cellOf(cells, 'post_id');
    if (!postId) {
      yield { ref: `posts.csv row ${row}`, problem: postReasons.noPostId };
      continue;
    }
    const dot = postId.indexOf('.');
    const slug = dot >= 0 ? postId.slice(dot + 1) : '';
    const notes: string[] = [];
    const file = bodies.get(postId);
    const html = file ? await readFile(file.path, 'utf8') : '';
    if (!file) notes.push(reason(postReasons.noBody, { file: `posts/${postId}.html` }));
    if (cellOf(cells, 'podcast_url')) notes.push(postReasons.podcast);
    const published = yes(cellOf(cells, 'is_published'));
    const audience = cellOf(cells, 'audience').toLowerCase();
    const date = dateOf(cellOf(cells, 'post_date'));
    yield {
      id: dot >= 0 ? postId.slice(0, dot) : postId,
      ref: `posts.csv row ${row}`,
      title: cellOf(cells, 'title'),
      subtitle: cellOf(cells, 'subtitle'),
      slug,
      html,
      image: '',
      status: published ? 'published' : 'draft',
      date,
      author: null,
      tags: [],
      premium: audience === 'only_paid' || audience === 'founding',
      emailedAt: dateOf(cellOf(cells, 'email_sent_at')),
      emailSubject: '',
      oldPath: slug ? `p/${slug}` : '',
      newsletterName: null,
      notes,
    };
  }
}
