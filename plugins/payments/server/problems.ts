/**
 * Failures the publisher must see, not only its readers (issue 56): a Checkout that could not open
 * (Stripe refused the key, timed out, the key was rolled) and a webhook call that failed (a
 * signature that does not verify, an event that could not be applied). The last of each kind is
 * kept for the payments card, and the publisher's directors get a notification, at most one per
 * kind an hour, so that a broken endpoint Stripe retries for days is one notice, not hundreds.
 */
import type { Selectable } from 'kysely';
import { clock } from '../../../core/server/clock';
import { staffOf } from '../../../core/server/people';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { notify } from '../../notifications/server/public';
import type { PaymentsDb } from './store';
import type { PaymentProblemsTable, ProblemKind } from './tables';

/** A kind's notifications are this far apart at least. */
const notifyEveryMs = 60 * 60 * 1000;

const titles: Record<ProblemKind, string> = {
  checkout: 'A reader could not open the Stripe payment page',
  webhook: "Stripe's notice of a payment could not be taken",
};

/** Keeps the problem as the kind's last, and tells the directors unless they were told of this kind within the hour. */
export async function recordProblem(api: PluginApi, db: PaymentsDb, publisherId: string, kind: ProblemKind, reason: string): Promise<void> {
  const now = clock.now();
  const notifyBefore = new Date(now.getTime() - notifyEveryMs);
  const row = await db
    .insertInto('payment_problems')
    .values({ publisher_id: publisherId, kind, reason, occurred_at: now, notified_at: now })
    .onConflict((conflict) =>
      conflict.columns(['publisher_id', 'kind']).doUpdateSet((eb) => ({
        reason,
        occurred_at: now,
        notified_at: eb
          .case()
          .when(eb.or([eb('payment_problems.notified_at', 'is', null), eb('payment_problems.notified_at', '<', notifyBefore)]))
          .then(now)
          .else(eb.ref('payment_problems.notified_at'))
          .end(),
      })),
    )
    .returning('notified_at')
    .executeTakeFirstOrThrow();
  api.log.warn({ publisherId, kind, reason }, 'payments: a problem the directors are shown');
  if (row.notified_at?.getTime() !== now.getTime()) return;
  const directors = await staffOf(db, publisherId, { roles: ['director'] });
  await notify(
    api,
    directors.map((director) => ({
      userId: director.id,
      title: titles[kind],
      text: `${reason} The payments card of Publisher Credentials shows the last problem.`,
      link: `/publishers/show/${publisherId}/settings`,
      senderId: null,
    })),
  );
}

/** The latest problem of the publisher's, of either kind, or undefined. */
export function lastProblem(db: PaymentsDb, publisherId: string): Promise<Selectable<PaymentProblemsTable> | undefined> {
  return db.selectFrom('payment_problems').selectAll().where('publisher_id', '=', publisherId).orderBy('occurred_at', 'desc').executeTakeFirst();
}
