/**
 * The design's queries: a newsletter's e-mail design and web design, one row a newsletter
 * (newsletter_designs). A newsletter may have no row: it has the defaults.
 */
import type { Insertable, Kysely } from 'kysely';
import { ownTables, type Handle } from '../../../core/server/db/database';
import { clock } from '../../../core/server/clock';
import type { CoreTables } from '../../../core/server/db/tables';
import { findNewsletter } from '../../../core/server/store';
import { designToStore, withDefaultDesign, type EmailDesign } from '../../../core/shared/email-design';
import { defaultWebDesign, type WebDesign } from '../../newsletters/server/public';
import type { DesignTables, NewsletterDesignsTable } from './tables';

export type DesignDb = Kysely<CoreTables & DesignTables>;

export const designDb = (db: Handle): DesignDb => ownTables(db, 'design');

type DesignColumns = Partial<Omit<Insertable<NewsletterDesignsTable>, 'newsletter_id' | 'updated_at'>>;

/** Stores these columns, making the newsletter's row when it has none; the others stay. */
async function saveColumns(db: DesignDb, newsletterId: string, columns: DesignColumns): Promise<void> {
  await db
    .insertInto('newsletter_designs')
    .values({ newsletter_id: newsletterId, ...columns })
    .onConflict((oc) => oc.column('newsletter_id').doUpdateSet({ ...columns, updated_at: clock.now() }))
    .execute();
}

/** A new newsletter's row, in the transaction that creates it: the default e-mail and web design. */
export async function insertNewsletterDesign(tx: DesignDb, newsletterId: string): Promise<void> {
  await tx.insertInto('newsletter_designs').values({ newsletter_id: newsletterId }).execute();
}

/** The newsletter's brand colour, which its links follow until a person picks theirs. */
async function brandOf(db: DesignDb, newsletterId: string): Promise<string | null> {
  return (await findNewsletter(db, newsletterId))?.color ?? null;
}

/** The newsletter's e-mail design: what was saved over the defaults, its links in its brand colour unless picked. */
export async function findEmailDesign(db: DesignDb, newsletterId: string): Promise<EmailDesign> {
  const [row, brand] = await Promise.all([
    db.selectFrom('newsletter_designs').select('email_design').where('newsletter_id', '=', newsletterId).executeTakeFirst(),
    brandOf(db, newsletterId),
  ]);
  return withDefaultDesign(row?.email_design, brand);
}

/**
 * Stores the design; a field in a shape the schema refuses is saved as its default, and a link
 * colour that is the brand's is left out, so that it follows the brand colour.
 */
export async function saveEmailDesign(db: DesignDb, newsletterId: string, design: EmailDesign): Promise<void> {
  await saveColumns(db, newsletterId, { email_design: JSON.stringify(designToStore(design, await brandOf(db, newsletterId))) });
}

/** The web design: the landing page's cover ('' while it has none) and the subscribe form's fields (the defaults while nothing is saved). */
export async function findWebDesign(db: DesignDb, newsletterId: string): Promise<WebDesign> {
  const row = await db
    .selectFrom('newsletter_designs')
    .select(['web_cover', 'web_name_field', 'web_city_field'])
    .where('newsletter_id', '=', newsletterId)
    .executeTakeFirst();
  return row ? { cover: row.web_cover, nameField: row.web_name_field, cityField: row.web_city_field } : { ...defaultWebDesign };
}

/** Stores the web design's fields given (a field left out keeps its value). */
export function saveWebDesign(db: DesignDb, newsletterId: string, design: Partial<WebDesign>): Promise<void> {
  return saveColumns(db, newsletterId, {
    ...(design.cover !== undefined && { web_cover: design.cover }),
    ...(design.nameField !== undefined && { web_name_field: design.nameField }),
    ...(design.cityField !== undefined && { web_city_field: design.cityField }),
  });
}
