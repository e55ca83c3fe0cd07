/** A built-in guide of the Tips & Tricks library (spec: Resource guide, built in, not fetched). */
export interface Guide {
  /** The slug, e.g. 'topluluk-yaratma'. */
  _id: string;
  /** The day it was written, 'YYYY-MM-DD'; shown in the console's language. */
  date: string;
  image: string;
  title: string;
  subtitle?: string;
  description: string;
  link?: string;
}
