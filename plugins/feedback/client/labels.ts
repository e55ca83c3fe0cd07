/** How the console names feedback types and statuses. */
import type { Feedback } from '../../../schemas/generated/entities/feedback';

export const dialogTitles: Record<Feedback['type'], string> = { feedback: 'Give Feedback', bug: 'Report a Bug', feature: 'Request a Feature' };
export const typeLabels: Record<Feedback['type'], string> = { feedback: 'Feedback', bug: 'Bug', feature: 'Feature' };
export const statusLabels: Record<Feedback['status'], string> = { new: 'New', seen: 'Seen', done: 'Done' };
