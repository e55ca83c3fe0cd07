/**
 * Sections a plugin adds to an owner's public page: the publisher's page /p/{key} and a
 * newsletter's landing page /n/{key} belong to the dashboards plugin, and the collections plugin
 * shows its featured collections there. The plugin that has something to show registers a section
 * (`api.publicSections.register(...)`); the page renders every section registered for its kind of
 * owner, in the order they were registered, so the page's plugin imports none of them.
 *
 * A section answers HTML with every text it shows escaped (escapeHtml), or '' when it has nothing
 * to show. It may use the page's card list (`<ul><li>`) and `img.thumb` for a small picture.
 */

export type PublicPageOwner = 'publisher' | 'newsletter';

export interface PublicSection {
  /** Names the section in errors, e.g. 'featured-collections'. */
  id: string;
  /** The pages it appears on. */
  owners: PublicPageOwner[];
  /** `ownerId`: the publisher's or the newsletter's id. */
  render(owner: PublicPageOwner, ownerId: string): Promise<string>;
}

export interface PublicSections {
  register(section: PublicSection): void;
  /** The HTML of every section of this owner's page, in order. */
  render(owner: PublicPageOwner, ownerId: string): Promise<string>;
}

export function createPublicSections(): PublicSections {
  const sections: PublicSection[] = [];
  return {
    register(section) {
      if (sections.some((known) => known.id === section.id)) throw new Error(`public sections: ${section.id} is registered twice`);
      sections.push(section);
    },
    async render(owner, ownerId) {
      const shown = sections.filter((section) => section.owners.includes(owner));
      const parts = await Promise.all(shown.map((section) => section.render(owner, ownerId)));
      return parts.filter(Boolean).join('\n');
    },
  };
}
