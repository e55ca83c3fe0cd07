/**
 * beehiiv's posts CSV (Posts → Export): a post a row, its columns as beehiiv's posts API names its
 * fields, some under older names: id, title (web_title), subtitle (web_subtitle), slug, status
 * (confirmed is published, draft, scheduled, archived), platform (web, email or both), audience
 * (free, premium or all), publish_date (displayed_date, created), thumbnail_url, content_html
 * (web_content, free_web_content), authors, content_tags, email_subject_line. A post went out by
 * e-mail when its platform is email or both and it was published. Its old address is /p/{slug}.
 * The file is told apart from beehiiv's subscribers CSV by its header: a title and a body or slug,
 * and no e-mail column.
 */
import type { ImportFile } from '../contract';
import { cellOf, csvRecords, dateOf, isBad, type BadItem, type SourcePost } from './source';
import { postReasons, reason } from '../../rules';

const titleColumns = ['title', 'web_title'];
const bodyColumns = ['content_html', 'web_content', 'free_web_content', 'html', 'content'];

/** Whether a CSV's header is beehiiv's posts export. */
export function isBeehiivPostsHeader(header: string[]): boolean {
  const names = new Set(header.map((name) => name.trim().toLowerCase()));
  return (
    titleColumns.some((name) => names.has(name)) &&
    (names.has('slug') || bodyColumns.some((name) => names.has(name))) &&
    !['email', 'e-mail', 'email_address'].some((name) => names.has(name))
  );
}

const statuses: Record<string, SourcePost['status']> = { confirmed: 'published', published: 'published', draft: 'draft', scheduled: 'scheduled' };
const listed = (value: string) =>
  value
    .split(/[,;|]/)
    .map((part) => part.trim())
    .filter(Boolean);

export async function* beehiivPosts(file: ImportFile, signal: AbortSignal): AsyncGenerator<SourcePost | BadItem> {
  for await (const record of csvRecords(file, signal)) {
    if (isBad(record)) {
      yield record;
      continue;
    }
    const { row, cells } = record;
    if (row === 2 && !isBeehiivPostsHeader(Object.keys(cells)))
      throw new Error(`${file.name} is not beehiiv's posts export: its header has no title with a slug or body column.`);
    const title = cellOf(cells, ...titleColumns);
    const html = cellOf(cells, ...bodyColumns);
    if (!title && !html) {
      yield { ref: `${file.name} row ${row}`, problem: postReasons.emptyRow };
      continue;
    }
    const notes: string[] = [];
    const rawStatus = cellOf(cells, 'status').toLowerCase();
    let status = statuses[rawStatus] ?? 'draft';
    if (rawStatus && !statuses[rawStatus]) notes.push(reason(postReasons.beehiivStatus, { status: rawStatus }));
    const date = dateOf(cellOf(cells, 'publish_date', 'displayed_date', 'published_at', 'created', 'created_at'));
    if (status === 'scheduled' && !date) {
      status = 'draft';
      notes.push(postReasons.beehiivNoDate);
    }
    const slug = cellOf(cells, 'slug');
    const platform = cellOf(cells, 'platform').toLowerCase();
    const audience = cellOf(cells, 'audience', 'web_audiences', 'email_audiences').toLowerCase();
    const free = cellOf(cells, 'free').toLowerCase();
    yield {
      id: cellOf(cells, 'id', 'post_id') || slug || `row-${row}`,
      ref: `${file.name} row ${row}`,
      title,
      subtitle: cellOf(cells, 'subtitle', 'web_subtitle'),
      slug,
      html,
      image: cellOf(cells, 'thumbnail_url', 'image_url'),
      status,
      date,
      author: listed(cellOf(cells, 'authors', 'author'))[0] ?? null,
      tags: listed(cellOf(cells, 'content_tags', 'tags')),
      premium: audience === 'premium' || audience.includes('paid') || free === 'false',
      emailedAt: status === 'published' && (platform === 'email' || platform === 'both') ? date : null,
      emailSubject: cellOf(cells, 'email_subject_line', 'subject_line'),
      oldPath: slug ? `p/${slug}` : '',
      newsletterName: null,
      notes,
    };
  }
}
