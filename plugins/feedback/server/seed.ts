/** A little demo feedback, so that the admins' list has something in it. */
import { ownTables } from '../../../core/server/db/database';
import { findPeople } from '../../../core/server/people';
import type { SeedContext } from '../../../core/server/plugins/contract';
import { insertFeedback } from './store';
import { clock } from '../../../core/server/clock';

const day = 24 * 60 * 60 * 1000;

export async function seedDemoFeedback({ db, demo }: SeedContext): Promise<void> {
  const tables = ownTables(db, 'feedback');
  const { editor, author, director } = demo.userIds;
  const people = await findPeople(db, [editor, author, director]);
  const emailOf = (id: string) => people.find((person) => person.id === id)!.email;
  await insertFeedback(tables, {
    type: 'feature',
    product: 'Stories',
    userId: author,
    email: emailOf(author),
    status: 'seen',
    createdAt: new Date(clock.ms() - 6 * day),
    title: 'Taslakları etiketleyebilmek',
    description: 'Yazı taslaklarına kendi etiketlerimi ekleyip onlara göre süzebilmek istiyorum.',
  });
  await insertFeedback(tables, {
    type: 'bug',
    product: 'Console',
    userId: editor,
    email: emailOf(editor),
    createdAt: new Date(clock.ms() - 2 * day),
    title: 'Görsel seçici yavaş açılıyor',
    description: 'Kütüphanede çok görsel olduğunda görsel seçici birkaç saniye boş kalıyor.',
  });
  await insertFeedback(tables, {
    type: 'feedback',
    product: 'Newsletter',
    userId: director,
    email: emailOf(director),
    status: 'done',
    createdAt: new Date(clock.ms() - 10 * day),
    title: 'Yeni pano çok kullanışlı',
    description: 'Bültenlerin haftalık özetini tek ekranda görmek işimizi kolaylaştırdı.',
  });
}
