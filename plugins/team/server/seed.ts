/** Demo team members for Kuzey Medya, so the team pages show more than the four demo accounts. */
import { hashPassword } from '../../../core/server/auth/passwords';
import { inTransaction } from '../../../core/server/db/database';
import { addMemberships, createUser } from '../../../core/server/people';
import type { SeedContext } from '../../../core/server/plugins/contract';

export const demoMembers = [
  {
    email: 'burak.sahin@kuzeymedya.example',
    name: 'Burak Şahin',
    role: 'editor',
    biography: 'Sabah Bülteni ve Kültür Sanat Haftalık editörü.',
    image: '/demo/avatar-default.svg',
    newsletters: [0, 2],
  },
  {
    email: 'zeynep.arslan@kuzeymedya.example',
    name: 'Zeynep Arslan',
    role: 'author',
    biography: 'Sabah ve teknoloji yazarı.',
    image: '/demo/avatar-default.svg',
    newsletters: [0, 1],
  },
] as const;

export async function seedTeam({ db, env, demo }: SeedContext): Promise<void> {
  const passwordHash = await hashPassword(env.demoPassword);
  await inTransaction(db, async (tx) => {
    for (const member of demoMembers) {
      const id = await createUser(tx, {
        email: member.email,
        password_hash: passwordHash,
        role: member.role,
        publisher_id: demo.publisherId,
        name: member.name,
        biography: member.biography,
        url: 'https://masthead.local/ekip',
        image: member.image,
        ready: true,
      });
      const newsletterIds = member.newsletters.map((index) => demo.newsletterIds[index]).filter((value): value is string => Boolean(value));
      await addMemberships(tx, id, newsletterIds, member.role);
    }
  });
}
