/** The feedback queries. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CoreTables } from '../../../core/server/db/tables';
import { withPeople, withPerson, type WithPerson } from '../../../core/server/people';
import type { FeedbackStatus, FeedbackTables, FeedbackType } from './tables';

export type Db = Kysely<CoreTables & FeedbackTables>;

export function selectFeedback(db: Db) {
  return db
    .selectFrom('feedback')
    .select([
      'feedback.id',
      'feedback.type',
      'feedback.product',
      'feedback.title',
      'feedback.description',
      'feedback.email',
      'feedback.user_id',
      'feedback.status',
      'feedback.created_at',
    ]);
}

/** A feedback with the name (and picture) of who sent it. */
export type FeedbackRow = WithPerson<Awaited<ReturnType<ReturnType<typeof selectFeedback>['executeTakeFirstOrThrow']>>, 'user'>;

export interface NewFeedback {
  type: FeedbackType;
  product: string;
  title: string;
  description: string;
  email: string;
  userId: string;
  status?: FeedbackStatus;
  createdAt?: Date;
}

export async function insertFeedback(db: Db, feedback: NewFeedback): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('feedback')
    .values({
      id,
      type: feedback.type,
      product: feedback.product,
      title: feedback.title,
      description: feedback.description,
      email: feedback.email,
      user_id: feedback.userId,
      status: feedback.status ?? 'new',
      ...(feedback.createdAt ? { created_at: feedback.createdAt } : {}),
    })
    .execute();
  return id;
}

export async function findFeedback(db: Db, id: string): Promise<FeedbackRow | undefined> {
  const row = await selectFeedback(db).where('feedback.id', '=', id).executeTakeFirst();
  return withPerson(db, row, 'user_id', 'user');
}

export async function listFeedback(db: Db, options: { type?: FeedbackType; status?: FeedbackStatus; limit: number; offset: number }) {
  let query = selectFeedback(db);
  let counted = db.selectFrom('feedback');
  if (options.type) {
    query = query.where('feedback.type', '=', options.type);
    counted = counted.where('type', '=', options.type);
  }
  if (options.status) {
    query = query.where('feedback.status', '=', options.status);
    counted = counted.where('status', '=', options.status);
  }
  const [rows, total] = await Promise.all([
    query.orderBy('feedback.created_at', 'desc').orderBy('feedback.id', 'desc').limit(options.limit).offset(options.offset).execute(),
    counted.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await withPeople(db, rows, 'user_id', 'user'), count: Number(total.count) };
}

export async function updateStatus(db: Db, id: string, status: FeedbackStatus): Promise<boolean> {
  const result = await db.updateTable('feedback').set({ status }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
