/**
 * Ghost's site export (Settings → Import/Export, JSON; Ghost 5.x): `db[0].data` (or `data`, as
 * older exports write it) holds its tables. The file is read twice, streaming: first the small
 * tables a post refers to, keeping only the columns read here (users' names, tags, posts_tags,
 * posts_authors, posts_meta's e-mail subject, newsletters' names, and the emails table when the
 * export has it); then the posts, one at a time. A post (type post or page) with its HTML becomes
 * a story: status published, draft or scheduled as Ghost has it ('sent', an e-mail only post, is
 * published here so that its issue can be read); visibility members, paid or tiers makes it
 * premium; it went out by e-mail when the emails table says so, or when it names a newsletter and
 * its recipient filter is not 'none'. Its old address is /{slug}/. Ghost writes its own address as
 * __GHOST_URL__: links to the old site lead to the newsletter's pages here, and images there are
 * fetched when the import knows the old site's address (images.ts).
 */
import { createReadStream } from 'node:fs';
import { onFirstUse } from '../../../../core/server/on-first-use';
import type { ImportFile } from '../contract';
import { dateOf, type SourcePost } from './source';
import { postReasons, reason } from '../../rules';

type Row = Record<string, unknown>;

/** The columns kept of each small table. */
const kept: Record<string, string[]> = {
  users: ['id', 'name', 'slug'],
  tags: ['id', 'name', 'visibility'],
  posts_tags: ['post_id', 'tag_id', 'sort_order'],
  posts_authors: ['post_id', 'author_id', 'sort_order'],
  posts_meta: ['post_id', 'email_subject'],
  newsletters: ['id', 'name'],
  emails: ['post_id', 'status', 'submitted_at', 'created_at', 'subject'],
};

const smallTables = new RegExp(
  `^(db\\.0\\.)?data\\.(${Object.entries(kept)
    .map(([table, columns]) => `${table}\\.\\d+\\.(${columns.join('|')})`)
    .join('|')})$`,
);

/** What posts refer to, by id. */
export interface GhostRelations {
  users: Map<string, string>;
  tags: Map<string, { name: string; internal: boolean }>;
  tagsOf: Map<string, { tagId: string; order: number }[]>;
  authorsOf: Map<string, { userId: string; order: number }[]>;
  subjects: Map<string, string>;
  newsletters: Map<string, string>;
  emails: Map<string, { at: Date | null; subject: string }>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

/** stream-json's parts and stream-chain, loaded with the first Ghost export. */
const loadStreamJson = onFirstUse(async () => {
  const [{ default: chain }, { parser }, { filter }, { pick }, { streamArray }, { streamValues }] = await Promise.all([
    import('stream-chain'),
    import('stream-json'),
    import('stream-json/filters/filter.js'),
    import('stream-json/filters/pick.js'),
    import('stream-json/streamers/stream-array.js'),
    import('stream-json/streamers/stream-values.js'),
  ]);
  return { chain, parser, filter, pick, streamArray, streamValues };
});

/** A file that is not Ghost's export: the import fails with its name. */
const notGhost = (file: ImportFile, why: string) => new Error(`${file.name} is not a Ghost site export: ${why}`);

/** The small tables of the export (first read). */
export async function ghostRelations(file: ImportFile): Promise<GhostRelations> {
  let document: Row | undefined;
  try {
    const { chain, parser, filter, streamValues } = await loadStreamJson();
    const stream = chain([createReadStream(file.path), parser(), filter({ filter: smallTables }), streamValues()]);
    for await (const item of stream as AsyncIterable<{ value: Row }>) document ??= item.value;
  } catch (error) {
    throw notGhost(file, (error as Error).message);
  }
  const root = (Array.isArray(document?.db) ? (document.db as Row[])[0] : document) as Row | undefined;
  const data = (root?.data ?? {}) as Record<string, Row[] | undefined>;
  const rows = (table: string) => (Array.isArray(data[table]) ? data[table] : []);
  const grouped = <T>(table: string, of: (row: Row) => T) => {
    const map = new Map<string, T[]>();
    for (const row of rows(table)) {
      const postId = text(row.post_id);
      map.set(postId, [...(map.get(postId) ?? []), of(row)]);
    }
    return map;
  };
  return {
    users: new Map(rows('users').map((row) => [text(row.id), text(row.name) || text(row.slug)])),
    tags: new Map(
      rows('tags').map((row) => [text(row.id), { name: text(row.name), internal: row.visibility === 'internal' || text(row.name).startsWith('#') }]),
    ),
    tagsOf: grouped('posts_tags', (row) => ({ tagId: text(row.tag_id), order: Number(row.sort_order ?? 0) })),
    authorsOf: grouped('posts_authors', (row) => ({ userId: text(row.author_id), order: Number(row.sort_order ?? 0) })),
    subjects: new Map(rows('posts_meta').map((row) => [text(row.post_id), text(row.email_subject)])),
    newsletters: new Map(rows('newsletters').map((row) => [text(row.id), text(row.name)])),
    emails: new Map(
      rows('emails')
        .filter((row) => row.status !== 'failed')
        .map((row) => [text(row.post_id), { at: dateOf(row.submitted_at) ?? dateOf(row.created_at), subject: text(row.subject) }]),
    ),
  };
}

/**
 * The posts of the export, one at a time (second read). `readerRoot` is where the newsletter's
 * reader pages are (/n/{key}): a link to the old site (Ghost writes its address as a placeholder)
 * goes there, where an imported post's old address leads to its new page.
 */
export async function* ghostPosts(file: ImportFile, relations: GhostRelations, readerRoot: string): AsyncGenerator<SourcePost> {
  const { chain, parser, pick, streamArray } = await loadStreamJson();
  const stream = chain([createReadStream(file.path), parser(), pick({ filter: /^(db\.0\.)?data\.posts$/ }), streamArray()]);
  let seen = false;
  try {
    for await (const { value } of stream as AsyncIterable<{ value: Row }>) {
      seen = true;
      yield postOf(value, relations, readerRoot);
    }
  } catch (error) {
    throw notGhost(file, (error as Error).message);
  } finally {
    stream.destroy();
  }
  if (!seen && relations.users.size === 0) throw notGhost(file, 'it has no posts and no users.');
}

const statuses: Record<string, SourcePost['status']> = { published: 'published', sent: 'published', draft: 'draft', scheduled: 'scheduled' };

/** Links to the old site's pages (href="__GHOST_URL__/my-post/") made links to the newsletter's. */
const siteLinks = (html: string, readerRoot: string) => html.replace(/(\bhref=["'])__GHOST_URL__\/?/g, `$1${readerRoot}/`);

function postOf(row: Row, relations: GhostRelations, readerRoot: string): SourcePost {
  const id = text(row.id);
  const slug = text(row.slug);
  const notes: string[] = [];
  let status = statuses[text(row.status)] ?? 'draft';
  if (row.status === 'sent') notes.push(postReasons.ghostSent);
  else if (!statuses[text(row.status)]) notes.push(reason(postReasons.ghostStatus, { status: text(row.status) }));
  const date = dateOf(row.published_at) ?? (status === 'draft' ? (dateOf(row.updated_at) ?? dateOf(row.created_at)) : null);
  if (status === 'scheduled' && !date) {
    status = 'draft';
    notes.push(postReasons.ghostNoDate);
  }
  const html = siteLinks(text(row.html), readerRoot);
  if (!html && (row.lexical || row.mobiledoc)) notes.push(postReasons.noHtml);
  const email = relations.emails.get(id);
  const newsletterId = text(row.newsletter_id);
  const filterNone = text(row.email_recipient_filter) === 'none';
  const emailed = email ? true : Boolean(newsletterId) && !filterNone && (row.status === 'published' || row.status === 'sent');
  const authors = [...(relations.authorsOf.get(id) ?? [])].sort((a, b) => a.order - b.order);
  const authorId = authors[0]?.userId ?? text(row.author_id);
  const names = authors.map((author) => relations.users.get(author.userId)).filter(Boolean);
  if (names.length > 1) notes.push(reason(postReasons.authors, { names: names.join(', ') }));
  const tags = [...(relations.tagsOf.get(id) ?? [])]
    .sort((a, b) => a.order - b.order)
    .map((link) => relations.tags.get(link.tagId))
    .filter((tag): tag is { name: string; internal: boolean } => Boolean(tag && !tag.internal && tag.name));
  const visibility = text(row.visibility);
  return {
    id,
    ref: `${row.type === 'page' ? 'page' : 'post'} "${slug || id}"`,
    title: text(row.title),
    subtitle: text(row.custom_excerpt),
    slug,
    html,
    image: text(row.feature_image),
    status,
    date,
    author: relations.users.get(authorId) || null,
    tags: tags.map((tag) => tag.name),
    premium: visibility === 'members' || visibility === 'paid' || visibility === 'tiers',
    emailedAt: emailed ? (email?.at ?? dateOf(row.published_at)) : null,
    emailSubject: email?.subject || relations.subjects.get(id) || '',
    oldPath: slug,
    newsletterName: relations.newsletters.get(newsletterId) || null,
    notes,
  };
}
