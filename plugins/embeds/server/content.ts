/**
 * Our own content as an embed card shows it (spec 002 section 9): an issue, a newsletter, a story,
 * a collection or a publisher of the caller's publisher, read through its owner's public entry;
 * anything else (another publisher's, or missing) is not found. The title loses its emojis, the
 * excerpt is cut for the card's shape, and the link is the content's public page.
 */
import type { Handle } from '../../../core/server/db/database';
import { notFound } from '../../../core/server/errors';
import { findNewsletter, findNewsletterByKey, findPublisher, findPublisherByKey } from '../../../core/server/store';
import { embedExcerpt, productCardSize, withoutEmojis, type EmbedSize, type ProductKind } from '../../../core/shared/embeds';
import { htmlToText } from '../../../core/shared/text';
import { findCollectionCard } from '../../collections/server/public';
import { findIssueByKey } from '../../issues/server/public';
import { findStory, findStoryByKey } from '../../stories/server/public';
import { cardNotFoundMessage } from '../rules';

export interface OwnContent {
  product: ProductKind;
  title: string;
  excerpt: string;
  /** The address of its image as kept ('/uploads/...', '/demo/...', or http(s)), or ''. */
  image: string;
  /** Its public page. */
  link: string;
  /** What the card's label says: the newsletter, or the publisher. */
  label: string;
  /** Whose it is, for an e-mail's card: the newsletter of a story or an issue ('' for the others, which name themselves). */
  site: string;
  color: string;
  shape: 'wide' | 'square';
}

const labels: Record<ProductKind, string> = { i: 'Issue', n: 'Newsletter', s: 'Story', c: 'Collection', p: 'Publisher' };

/** The card's size: square for a newsletter or a publisher, wide otherwise, shorter without a picture. */
export const ownCardSize = (content: Pick<OwnContent, 'shape'>, withImage: boolean): EmbedSize => productCardSize(content.shape, withImage);

/** The content a card frame names, by id or by the key of its public address, of the caller's publisher (404 otherwise). */
export async function ownContent(db: Handle, publisherId: string | null, publicUrl: string, product: ProductKind, idOrKey: string): Promise<OwnContent> {
  if (!publisherId) throw notFound('Publisher not found.');
  const missing = () => notFound(cardNotFoundMessage);
  const page = (key: string) => `${publicUrl}/${product}/${encodeURIComponent(key)}`;
  const made = (parts: Omit<OwnContent, 'product' | 'title' | 'excerpt'> & { title: string; excerpt: string }): OwnContent => ({
    ...parts,
    product,
    title: withoutEmojis(parts.title) || labels[product],
    excerpt: embedExcerpt(withoutEmojis(parts.excerpt), parts.shape),
  });
  const newsletterOf = async (id: string) => (await findNewsletter(db, id)) ?? null;

  if (product === 's') {
    const story = (await findStory(db, idOrKey)) ?? (await findStoryByKey(db, idOrKey));
    if (!story || story.publisher_id !== publisherId) throw missing();
    const newsletter = await newsletterOf(story.newsletter_id);
    return made({
      title: story.title || story.published_content?.title || '',
      excerpt: story.body_text || htmlToText(story.body_html) || story.subtitle,
      image: story.image || story.published_content?.image || '',
      link: page(story.slug || story.id),
      label: newsletter?.title || labels.s,
      site: newsletter?.title ?? '',
      color: newsletter?.color ?? '',
      shape: 'wide',
    });
  }
  if (product === 'i') {
    // An issue's page is /i/{slug or id}.
    const issue = await findIssueByKey(db, idOrKey);
    if (!issue || issue.publisher_id !== publisherId) throw missing();
    const newsletter = await newsletterOf(issue.newsletter_id);
    return made({
      title: issue.subject,
      excerpt: issue.preview,
      image: issue.image,
      link: page(issue.slug || issue.id),
      label: newsletter?.title || labels.i,
      site: newsletter?.title ?? '',
      color: newsletter?.color ?? '',
      shape: 'wide',
    });
  }
  if (product === 'c') {
    const collection = await findCollectionCard(db, idOrKey);
    if (!collection || collection.publisher_id !== publisherId) throw missing();
    return made({
      title: collection.title,
      excerpt: collection.description,
      image: collection.image,
      link: page(collection.slug || collection.id),
      label: labels.c,
      site: '',
      color: collection.color,
      shape: 'wide',
    });
  }
  if (product === 'n') {
    const newsletter = (await findNewsletter(db, idOrKey)) ?? (await findNewsletterByKey(db, idOrKey));
    if (!newsletter || newsletter.publisher_id !== publisherId) throw missing();
    return made({
      title: newsletter.title,
      excerpt: newsletter.description || newsletter.subtitle,
      image: newsletter.image,
      link: page(newsletter.key),
      label: labels.n,
      site: '',
      color: newsletter.color,
      shape: 'square',
    });
  }
  const publisher = (await findPublisher(db, idOrKey)) ?? (await findPublisherByKey(db, idOrKey));
  if (!publisher || publisher.id !== publisherId) throw missing();
  return made({
    title: publisher.title,
    excerpt: publisher.description,
    image: publisher.image,
    link: page(publisher.key),
    label: labels.p,
    site: '',
    color: publisher.color,
    shape: 'square',
  });
}
