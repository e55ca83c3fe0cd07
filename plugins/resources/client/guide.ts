/** A built-in guide of the Tips & Tricks library (spec: Resource guide, built in, not fetched). */
export interface Guide {
  /** The slug, e.g. 'topluluk-yaratma'. */
  _id: string;
  /** A date text, 'D MMMM YYYY' in Turkish. */
  date: string;
  image: string;
  title: string;
  subtitle?: string;
  description: string;
  link?: string;
}
