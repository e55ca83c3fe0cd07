/** The collection wizard's address: for a newsletter's collection (?parent&model=Newsletter) when one is given. */
export const wizardPath = (newsletterId?: string) => (newsletterId ? `/collections/create?parent=${newsletterId}&model=Newsletter` : '/collections/create');
