/**
 * Demo collections for Kuzey Medya: two published and one draft made of its published articles
 * (newest first), the first featured on its newsletter's landing page and open to search engines;
 * and, when the issues plugin has seeded published issues (it seeds first: collections requires
 * it), a published collection of those issues on the publisher's page.
 */
import { ownTables } from '../../../core/server/db/database';
import type { SeedContext } from '../../../core/server/plugins/contract';
import { latestPublishedIssues } from '../../issues/server/public';
import { latestPublishedArticles } from '../../stories/server/public';
import type { ChildrenRef } from '../rules';
import { insertCollection, uniqueCollectionSlug, type CollectionsDb } from './store';
import type { OwnerModel } from './tables';
import { clock } from '../../../core/server/clock';

interface DemoCollection {
  title: string;
  key: string;
  description: string;
  image: string;
  published: boolean;
  featured?: boolean;
  indexed?: boolean;
  /** Who made it: a director, or an admin for what only admins may make (a collection of issues). */
  creator: 'director' | 'admin';
  /** Which of the latest items (by index) it holds, given how many there are. */
  pick(count: number): number[];
}

const storyCollections: DemoCollection[] = [
  {
    title: 'Haftanın Seçkisi',
    key: 'haftanin-seckisi',
    description: 'Editörlerimizin bu hafta okumanızı önerdiği yazılar.',
    image: '/demo/sabah-bulteni.svg',
    published: true,
    featured: true,
    indexed: true,
    creator: 'director',
    pick: (count) => [...Array(Math.min(count, 3)).keys()],
  },
  {
    title: 'Teknoloji Dosyası',
    key: 'teknoloji-dosyasi',
    description: 'Teknoloji dünyasından uzun okumalar, tek bir yerde.',
    image: '/demo/teknoloji-notlari.svg',
    published: true,
    creator: 'director',
    pick: (count) => [...Array(count).keys()].reverse().slice(0, 2),
  },
  {
    title: 'Yaz Okumaları',
    key: 'yaz-okumalari',
    description: 'Tatilde okunacak yazılar; hazırlanıyor.',
    image: '/demo/kultur-sanat.svg',
    published: false,
    creator: 'director',
    pick: (count) => [...Array(Math.min(count, 1)).keys()],
  },
];

const issueCollection: DemoCollection = {
  title: 'Bülten Arşivi',
  key: 'bulten-arsivi',
  description: 'Yayımlanmış bültenlerimizden bir seçki.',
  image: '/demo/kuzey-medya.svg',
  published: true,
  creator: 'admin',
  pick: (count) => [...Array(Math.min(count, 4)).keys()],
};

export async function seedCollections({ db: core, demo }: SeedContext): Promise<void> {
  const db: CollectionsDb = ownTables(core, 'collections');
  const newsletter = demo.newsletterIds[0];
  const owner = newsletter ? { id: newsletter, model: 'Newsletter' as const } : { id: demo.publisherId, model: 'Publisher' as const };
  const add = async (collection: DemoCollection, model: ChildrenRef, itemIds: string[], to: { id: string; model: OwnerModel }) => {
    await insertCollection(db, {
      publisher_id: demo.publisherId,
      owner_id: to.id,
      owner_model: to.model,
      title: collection.title,
      description: collection.description,
      image: collection.image,
      slug: await uniqueCollectionSlug(db, collection.title),
      key: collection.key,
      children_ref: model,
      children: JSON.stringify(collection.pick(itemIds.length).map((index) => itemIds[index]!)),
      published: collection.published,
      featured: collection.featured ?? false,
      indexed: collection.indexed ?? false,
      published_at: collection.published ? clock.now() : null,
      creator_id: demo.userIds[collection.creator],
    });
  };

  const stories = await latestPublishedArticles(db, demo.publisherId, 10);
  if (stories.length > 0) {
    for (const collection of storyCollections)
      await add(
        collection,
        'Story',
        stories.map((story) => story.id),
        owner,
      );
  }
  const issues = await latestPublishedIssues(core, demo.publisherId, 10);
  // Each newsletter's demo issues have the same subjects: one of each subject reads as an archive, not a repeat.
  const distinct = issues.filter((issue, index) => issues.findIndex((other) => other.subject === issue.subject) === index);
  if (distinct.length > 0) {
    await add(
      issueCollection,
      'Issue',
      distinct.map((issue) => issue.id),
      { id: demo.publisherId, model: 'Publisher' },
    );
  }
}
