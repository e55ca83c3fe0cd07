/**
 * Each issue's opens and clicks for its results (issue 30; the issues plugin's `issueAudience`):
 * people and machines apart, each counted once per copy (the unique figures of audience_daily), and
 * people's repeats (their opens and clicks of a copy after the first), summed over the issue's
 * rollup rows, which its primary key (content_id, type, ...) finds. Machines are counted by copy
 * only: their repeats are no figure any screen shows (issue 55: one machine share per issue).
 */
import { sql, type RawBuilder } from 'kysely';
import type { IssueAudience } from '../../issues/server/public';
import { seenKind } from './recorder';

const kinds = {
  opens: seenKind({ type: 'open', machine: false }),
  machineOpens: seenKind({ type: 'open', machine: true }),
  clickers: seenKind({ type: 'click', machine: false }),
  machineClickers: seenKind({ type: 'click', machine: true }),
};

export const issueAudienceCounts: IssueAudience = {
  countsOf: (issueId: RawBuilder<string>) => sql`(
    select coalesce(sum(uniques) filter (where type = 'open'), 0) as opens,
      coalesce(sum(machine_uniques) filter (where type = 'open'), 0) as machine_opens,
      coalesce(sum(uniques) filter (where type = 'click'), 0) as clickers,
      coalesce(sum(machine_uniques) filter (where type = 'click'), 0) as machine_clickers,
      coalesce(sum(total - uniques) filter (where type = 'open'), 0) as open_repeats,
      coalesce(sum(total - uniques) filter (where type = 'click'), 0) as click_repeats
    from audience_daily where content_id = ${issueId} and type in ('open', 'click'))`,
  groupCountsOf: (issueId: string) => sql`(
    select copy_group,
      coalesce(sum(uniques) filter (where kind = ${kinds.opens}), 0) as opens,
      coalesce(sum(uniques) filter (where kind = ${kinds.machineOpens}), 0) as machine_opens,
      coalesce(sum(uniques) filter (where kind = ${kinds.clickers}), 0) as clickers,
      coalesce(sum(uniques) filter (where kind = ${kinds.machineClickers}), 0) as machine_clickers
    from audience_group_uniques where content_id = ${issueId}
    group by copy_group)`,
  // Who was counted once for the issue (audience_seen: a copy is its subscriber), which is what
  // makes the rollups' unique counts: a person's and a machine's kinds apart, as the recorder keeps
  // them. Each copy and kind is looked up by the whole primary key (with the kinds as a list the
  // index would find the copy's subscriber by a filter, reading every row of the issue per copy).
  copyCountsOf: (issueId: string, copies: RawBuilder<unknown>) => sql`(
    select copies.copy_group,
      count(*) filter (where seen.kind = ${kinds.opens}) as opens,
      count(*) filter (where seen.kind = ${kinds.machineOpens}) as machine_opens,
      count(*) filter (where seen.kind = ${kinds.clickers}) as clickers,
      count(*) filter (where seen.kind = ${kinds.machineClickers}) as machine_clickers
    from ${copies} copies
    cross join (values ${sql.join(Object.values(kinds).map((kind) => sql`(${kind})`))}) counted (kind)
    join audience_seen seen on seen.content_id = ${issueId} and seen.kind = counted.kind and seen.who = copies.subscriber_id
    group by copies.copy_group)`,
};
