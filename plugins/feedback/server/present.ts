/** What an admin sees of a feedback record. */
import { iso } from '../../../core/server/present';
import type { Feedback } from '../../../schemas/generated/entities/feedback';
import type { FeedbackRow } from './store';

export function presentFeedback(row: FeedbackRow): Feedback {
  return {
    _id: row.id,
    type: row.type,
    product: row.product,
    title: row.title,
    description: row.description,
    email: row.email,
    user: row.user_id ? { _id: row.user_id, name: row.user_name ?? '' } : null,
    status: row.status,
    createdAt: iso(row.created_at),
  };
}
