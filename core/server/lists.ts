/**
 * The list calls' shared query (spec section 7: page zero-based, limit, sort, desc) and the
 * `{ data, count }` answer.
 */
export interface ListQuery {
  page: number;
  limit: number;
  desc: boolean;
}

/** Query-string schema properties every list call takes; `sorts` are the columns it may sort by. */
export function listQueryProperties(options: { maxLimit?: number; defaultLimit: number; sorts: string[] }) {
  return {
    page: { type: 'integer', minimum: 0, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: options.maxLimit ?? 100, default: options.defaultLimit },
    sort: { type: 'string', enum: options.sorts, default: options.sorts[0] },
    desc: { type: 'boolean', default: true },
  } as const;
}

export const offsetOf = (query: ListQuery) => query.page * query.limit;
