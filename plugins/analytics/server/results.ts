/**
 * Each issue's opens and clicks for its results (issue 30; the issues plugin's `issueAudience`):
 * people and machines apart, each counted once per copy (the unique figures of audience_daily) and
 * with the repeats, summed over the issue's rollup rows, which its primary key (content_id, type, ...) finds.
 */
import { sql, type RawBuilder } from 'kysely';
import type { IssueAudience } from '../../issues/server/public';

export const issueAudienceCounts: IssueAudience = {
  countsOf: (issueId: RawBuilder<string>) => sql`(
    select coalesce(sum(uniques) filter (where type = 'open'), 0) as opens,
      coalesce(sum(machine_uniques) filter (where type = 'open'), 0) as machine_opens,
      coalesce(sum(uniques) filter (where type = 'click'), 0) as clickers,
      coalesce(sum(machine_uniques) filter (where type = 'click'), 0) as machine_clickers,
      coalesce(sum(total) filter (where type = 'open'), 0) as total_opens,
      coalesce(sum(total) filter (where type = 'click'), 0) as total_clicks,
      coalesce(sum(machine) filter (where type = 'open'), 0) as machine_total_opens,
      coalesce(sum(machine) filter (where type = 'click'), 0) as machine_total_clicks
    from audience_daily where content_id = ${issueId} and type in ('open', 'click'))`,
};
