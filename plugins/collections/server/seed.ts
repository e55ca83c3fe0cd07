/** Demo collections for Kuzey Medya: two published and one draft, made of its published articles (newest first). */
import type { SeedContext } from '../../../core/server/plugins/contract';
import type { StoryTables } from '../../stories/server/public';
import { insertCollection, latestCollectableStories, uniqueCollectionSlug, type CollectionsDb } from './store';
import type { CollectionTables } from './tables';

const demoCollections = [
  {
    title: 'Haftanın Seçkisi',
    key: 'haftanin-seckisi',
    description: 'Editörlerimizin bu hafta okumanızı önerdiği yazılar.',
    image: '/demo/sabah-bulteni.svg',
    published: true,
    pick: (count: number) => [...Array(Math.min(count, 3)).keys()],
  },
  {
    title: 'Teknoloji Dosyası',
    key: 'teknoloji-dosyasi',
    description: 'Teknoloji dünyasından uzun okumalar, tek bir yerde.',
    image: '/demo/teknoloji-notlari.svg',
    published: true,
    pick: (count: number) => [...Array(count).keys()].reverse().slice(0, 2),
  },
  {
    title: 'Yaz Okumaları',
    key: 'yaz-okumalari',
    description: 'Tatilde okunacak yazılar; hazırlanıyor.',
    image: '/demo/kultur-sanat.svg',
    published: false,
    pick: (count: number) => [...Array(Math.min(count, 1)).keys()],
  },
];

export async function seedCollections({ db: core, demo }: SeedContext): Promise<void> {
  const db: CollectionsDb = core.withTables<CollectionTables & StoryTables>();
  const stories = await latestCollectableStories(db, demo.publisherId, 10);
  if (stories.length === 0) return;
  const newsletter = demo.newsletterIds[0];
  for (const collection of demoCollections) {
    const children = collection.pick(stories.length).map((index) => stories[index]!.id);
    await insertCollection(db, {
      publisher_id: demo.publisherId,
      owner_id: newsletter ?? demo.publisherId,
      owner_model: newsletter ? 'Newsletter' : 'Publisher',
      title: collection.title,
      description: collection.description,
      image: collection.image,
      slug: await uniqueCollectionSlug(db, collection.title),
      key: collection.key,
      children_ref: 'Story',
      children: JSON.stringify(children),
      published: collection.published,
      published_at: collection.published ? new Date() : null,
      creator_id: demo.userIds.director,
    });
  }
}
