/**
 * How far a list's search counts its matches: the pages up to the one asked for and
 * constants.limits.searchCountPagesAhead more. The pager offers those, and more as the reader
 * goes on; counting every match of a common word among many rows is a search's one slow part.
 * A count that reaches the cap is 'at least' that many.
 */
import { constants } from './config';

export const searchCountCap = (page: number, limit: number) => (page + 1 + constants.limits.searchCountPagesAhead) * limit;
