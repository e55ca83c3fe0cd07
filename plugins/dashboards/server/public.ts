/** What other plugins may use of the dashboards plugin's server: the sections they add to the public pages. */
export { addPublicSection, publicSections, type PublicPageOwner, type PublicSection } from './public-sections';
