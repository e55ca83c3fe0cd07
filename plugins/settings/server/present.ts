/** What a client sees of an interest (a newsletter is the core's presentNewsletter, with the parts plugins keep; a publisher the core's presentPublisher). */
import type { Interest } from '../../../schemas/generated/entities/interest';
import type { InterestTitle } from './defaults';

export function presentInterest(row: { id: string; key: string; titles: InterestTitle[] }): Interest {
  return { _id: row.id, key: row.key, titles: row.titles };
}
