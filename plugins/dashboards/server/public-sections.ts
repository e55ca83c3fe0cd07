/**
 * Sections a plugin adds to an owner's public page: the publisher's page /p/{key} and a
 * newsletter's landing page /n/{key} belong to the dashboards plugin, and the collections plugin
 * shows its featured collections there. An extension point of the dashboards plugin (decision
 * 0031): the plugin that has something to show contributes a section; the page renders every
 * section contributed for its kind of owner, in the order the plugins registered, so the page's
 * plugin imports none of them.
 *
 * A section answers HTML with every text it shows escaped (escapeHtml), or '' when it has nothing
 * to show. It may use the page's card list (`<ul><li>`) and `img.thumb` for a small picture.
 */
import { extensionPoint, type Extensions } from '../../../core/server/plugins/extension-points';

export type PublicPageOwner = 'publisher' | 'newsletter';

export interface PublicSection {
  /** Names the section in errors, e.g. 'featured-collections'. */
  id: string;
  /** The pages it appears on. */
  owners: PublicPageOwner[];
  /** `ownerId`: the publisher's or the newsletter's id; `lang`: the page's language, which the section's texts speak. */
  render(owner: PublicPageOwner, ownerId: string, lang: string): Promise<string>;
}

export const publicSections = extensionPoint<PublicSection>('dashboards.public-sections');

/** Contributes a section; an id is shown once. */
export function addPublicSection(context: { extensions: Extensions }, section: PublicSection): void {
  if (context.extensions.all(publicSections).some((known) => known.id === section.id)) throw new Error(`public sections: ${section.id} is registered twice`);
  context.extensions.add(publicSections, section);
}

/** The HTML of every section of this owner's page, in order, in the page's language. */
export async function renderPublicSections(context: { extensions: Extensions }, owner: PublicPageOwner, ownerId: string, lang: string): Promise<string> {
  const shown = context.extensions.all(publicSections).filter((section) => section.owners.includes(owner));
  const parts = await Promise.all(shown.map((section) => section.render(owner, ownerId, lang)));
  return parts.filter(Boolean).join('\n');
}
