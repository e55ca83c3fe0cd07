/** How the console names feedback types and statuses, in its language (the profile menu's labels are in index.tsx). */
import { t } from '../../../core/client/words';
import type { Feedback } from '../../../schemas/generated/entities/feedback';

export function dialogTitle(type: Feedback['type']): string {
  if (type === 'bug') return t('Report a Bug');
  return type === 'feature' ? t('Request a Feature') : t('Give Feedback');
}

/** 'Feature request', not 'Feature': that English is a verb elsewhere ('Öne çıkar', featuring a newsletter), and one English text has one Turkish. */
export function typeLabel(type: Feedback['type']): string {
  if (type === 'bug') return t('Bug');
  return type === 'feature' ? t('Feature request') : t('Feedback');
}

export function statusLabel(status: Feedback['status']): string {
  if (status === 'seen') return t('Seen');
  return status === 'done' ? t('Done') : t('New');
}

export const feedbackTypes: Feedback['type'][] = ['feedback', 'bug', 'feature'];
export const feedbackStatuses: Feedback['status'][] = ['new', 'seen', 'done'];
