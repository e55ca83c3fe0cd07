/** The design plugin's tables as Kysely sees them. */
import type { ColumnType, Generated } from 'kysely';
import type { EmailDesign } from '../../../core/shared/email-design';
import type { SubscribeFieldChoice } from '../../newsletters/server/public';

export interface NewsletterDesignsTable {
  newsletter_id: string;
  /** What the design page saved; read through withDefaultDesign (an older design may lack fields). Null: the defaults. */
  email_design: ColumnType<Partial<EmailDesign> | null, string | null | undefined, string | null>;
  /** The landing page's cover (the web design); empty: none. */
  web_cover: ColumnType<string, string | undefined, string>;
  /** Whether the subscribe form asks for a name and a city (the web design): see SubscribeFieldChoice. */
  web_name_field: ColumnType<SubscribeFieldChoice, SubscribeFieldChoice | undefined, SubscribeFieldChoice>;
  web_city_field: ColumnType<SubscribeFieldChoice, SubscribeFieldChoice | undefined, SubscribeFieldChoice>;
  updated_at: Generated<Date>;
}

// A type, not an interface: Kysely's withTables<T>() needs T to have an index signature.
export type DesignTables = {
  newsletter_designs: NewsletterDesignsTable;
};

// The plugin's tables in the core's registry: `ownTables(db, 'design')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    design: DesignTables;
  }
}
