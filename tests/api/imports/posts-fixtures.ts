/**
 * Posts exports as the sources write them, made by the tests (issue 56): Ghost's site export
 * (Settings → Import/Export: JSON, `db[0].data` with posts, users, tags, posts_tags,
 * posts_authors, posts_meta and newsletters, Ghost 5.x columns), Substack's export (posts.csv with
 * post_id '<id>.<slug>', post_date, is_published, email_sent_at, inbox_sent_at, type, audience,
 * title, subtitle, podcast_url; posts/<post_id>.html) and beehiiv's posts CSV (its posts API's
 * fields as columns).
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';

export interface FixtureFile {
  name: string;
  path: string;
  size: number;
}

function write(dir: string, name: string, content: string): FixtureFile {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return { name, path, size: Buffer.byteLength(content) };
}

export interface GhostPostFixture {
  id: string;
  slug: string;
  title: string;
  html: string;
  status: 'published' | 'draft' | 'scheduled' | 'sent';
  visibility?: 'public' | 'members' | 'paid' | 'tiers';
  type?: 'post' | 'page';
  publishedAt?: string | null;
  featureImage?: string | null;
  /** Sent to this newsletter of the export (id). */
  newsletterId?: string | null;
  emailSubject?: string;
  tags?: string[];
  authorId?: string;
  /** A second author, after the first. */
  coAuthorId?: string;
}

/** A Ghost 5 site export with these posts, its author and tags (tag ids are their names). */
export function ghostExport(dir: string, posts: GhostPostFixture[]): FixtureFile {
  const tagNames = [...new Set(posts.flatMap((post) => post.tags ?? []))];
  const data = {
    posts: posts.map((post) => ({
      id: post.id,
      uuid: `${post.id}-uuid`,
      title: post.title,
      slug: post.slug,
      mobiledoc: null,
      lexical: '{"root":{"children":[]}}',
      html: post.html,
      comment_id: post.id,
      plaintext: post.html.replace(/<[^>]+>/g, ''),
      feature_image: post.featureImage ?? null,
      featured: 0,
      type: post.type ?? 'post',
      status: post.status,
      locale: null,
      visibility: post.visibility ?? 'public',
      email_recipient_filter: post.newsletterId ? 'all' : 'none',
      created_at: post.publishedAt ?? '2024-01-01T00:00:00.000Z',
      updated_at: post.publishedAt ?? '2024-01-01T00:00:00.000Z',
      published_at: post.publishedAt ?? null,
      custom_excerpt: `${post.title}, in short`,
      codeinjection_head: null,
      codeinjection_foot: null,
      custom_template: null,
      canonical_url: null,
      newsletter_id: post.newsletterId ?? null,
      show_title_and_feature_image: 1,
    })),
    posts_authors: posts.flatMap((post) =>
      [post.authorId ?? 'u1', post.coAuthorId]
        .filter((author): author is string => Boolean(author))
        .map((author, order) => ({ id: `${post.id}-${author}`, post_id: post.id, author_id: author, sort_order: order })),
    ),
    posts_meta: posts
      .filter((post) => post.emailSubject)
      .map((post, index) => ({ id: `pm${index}`, post_id: post.id, email_subject: post.emailSubject, og_image: null, email_only: post.status === 'sent' })),
    posts_tags: posts.flatMap((post) => (post.tags ?? []).map((tag, order) => ({ id: `${post.id}-${tag}`, post_id: post.id, tag_id: tag, sort_order: order }))),
    tags: tagNames.map((name) => ({
      id: name,
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      visibility: name.startsWith('#') ? 'internal' : 'public',
    })),
    users: [
      { id: 'u1', name: 'Ada Writer', slug: 'ada', email: 'ada@old.example', status: 'active' },
      { id: 'u2', name: 'Ben Columnist', slug: 'ben', email: 'ben@old.example', status: 'active' },
    ],
    newsletters: [{ id: 'nl1', name: 'The Weekly', slug: 'default-newsletter', status: 'active' }],
    settings: [{ id: 's1', key: 'title', value: 'Old Site' }],
  };
  return write(dir, 'old-site.ghost.2026-01-01.json', JSON.stringify({ db: [{ meta: { exported_on: Date.now(), version: '5.80.0' }, data }] }));
}

export interface SubstackPostFixture {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  html: string | null;
  published: boolean;
  postDate: string;
  emailSentAt?: string;
  audience?: 'everyone' | 'only_free' | 'only_paid' | 'founding';
}

/** Substack's export as the runner hands it out of the zip: posts.csv and posts/<post_id>.html. */
export function substackExport(dir: string, posts: SubstackPostFixture[]): FixtureFile[] {
  const rows = posts.map((post) => ({
    post_id: `${post.id}.${post.slug}`,
    post_date: post.postDate,
    is_published: post.published ? 'true' : 'false',
    email_sent_at: post.emailSentAt ?? '',
    inbox_sent_at: post.emailSentAt ?? '',
    type: 'newsletter',
    audience: post.audience ?? 'everyone',
    title: post.title,
    subtitle: post.subtitle,
    podcast_url: '',
  }));
  const csv = stringify(rows, { header: true });
  return [
    write(dir, 'posts.csv', csv),
    ...posts.filter((post) => post.html !== null).map((post) => write(dir, `posts/${post.id}.${post.slug}.html`, post.html!)),
  ];
}

export interface BeehiivPostFixture {
  id: string;
  slug: string;
  title: string;
  html: string;
  status: 'confirmed' | 'draft' | 'scheduled';
  platform: 'web' | 'email' | 'both';
  audience: 'free' | 'premium' | 'all';
  publishDate: string;
  thumbnail?: string;
}

/** beehiiv's posts CSV. */
export function beehiivExport(dir: string, posts: BeehiivPostFixture[]): FixtureFile {
  const rows = posts.map((post) => ({
    id: post.id,
    title: post.title,
    subtitle: `${post.title}, in short`,
    slug: post.slug,
    status: post.status,
    platform: post.platform,
    audience: post.audience,
    publish_date: post.publishDate,
    thumbnail_url: post.thumbnail ?? '',
    authors: 'Cem Editor',
    content_tags: 'news, city',
    content_html: post.html,
  }));
  return write(dir, 'beehiiv-posts.csv', stringify(rows, { header: true }));
}
