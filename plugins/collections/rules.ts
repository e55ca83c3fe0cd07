/** The collection's rules both sides check (spec 001 section 5, Collections): the wizard shows these messages, the server refuses with them. */
import type { ValidationDetail } from '../../core/shared/validation-details';

export const collectionMessages = {
  image: 'You need to select an image.',
  title: 'Collection title must be three characters or more.',
  description: 'Collection description must be three characters or more.',
  children: 'Collection must have at least one item.',
  key: 'Collection key must be three characters or more: lowercase letters, digits and hyphens.',
  keyTaken: 'This collection name already exists.',
  duplicate: 'An item is in the collection twice.',
  item: 'Only published articles of your publisher can be added to a collection.',
  issueItem: 'Only published issues of your publisher can be added to this collection.',
  typeFixed: "A collection's type cannot change.",
  created: 'You created a new collection.',
  saved: 'Collection saved.',
  deleted: 'Collection deleted.',
} as const;

/** The minimums of spec 001 section 9: title 3, description 3, at least 1 item. */
export const collectionMinimums = { title: 3, description: 3, children: 1, key: 3 } as const;

/**
 * The models a collection may hold (GET /collections/create's childrenRefs): published articles,
 * or published issues. Only curators (collections.curate, admins) make a collection of another
 * model than Story, and a collection's model never changes (docs/decisions/0015).
 */
export const childrenRefs = ['Story', 'Issue'] as const;
export type ChildrenRef = (typeof childrenRefs)[number];
export const defaultChildrenRef: ChildrenRef = 'Story';

/** The special collection the lists leave out (spec 002 section 9). */
export const draftStoriesTitle = 'Draft Stories';

export const keyPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface CollectionInput {
  title?: string;
  description?: string;
  image?: string;
  key?: string;
  children?: string[];
}

/** What is wrong with a collection's fields, each with the spec's message, in the wizard's order. */
export function collectionProblems(input: CollectionInput): ValidationDetail[] {
  const problems: ValidationDetail[] = [];
  if (!input.image?.trim()) problems.push({ path: 'image', message: collectionMessages.image });
  if ((input.title?.trim().length ?? 0) < collectionMinimums.title) problems.push({ path: 'title', message: collectionMessages.title });
  if ((input.description?.trim().length ?? 0) < collectionMinimums.description) problems.push({ path: 'description', message: collectionMessages.description });
  const key = input.key?.trim().toLowerCase() ?? '';
  if (key.length < collectionMinimums.key || !keyPattern.test(key)) problems.push({ path: 'key', message: collectionMessages.key });
  const children = input.children ?? [];
  if (children.length < collectionMinimums.children) problems.push({ path: 'children', message: collectionMessages.children });
  else if (new Set(children).size !== children.length) problems.push({ path: 'children', message: collectionMessages.duplicate });
  return problems;
}
