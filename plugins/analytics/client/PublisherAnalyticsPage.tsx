/**
 * /publishers/show/{publisherId}/analytics (spec 002 section 2.9): the publisher's newsletters
 * that the user reaches side by side over the range picked (issue 55 point 4: subscribers, growth
 * and rates, sortable), then counted together, and their cancellations. The table's call is the
 * screen's first: it names the newsletters the charts count, so no other call waits before them.
 */
import { Stack } from '@fluentui/react';
import { useMemo, useRef } from 'react';
import { PageHeader } from '../../../core/client/page-parts';
import { t } from '../../../core/client/words';
import type { PublisherAnalytics as Comparison } from '../../../schemas/generated/api/publisher-analytics';
import { publisherComparison } from './analytics-api';
import { AudienceAnalytics, rangeKey, useRangeChoice, type Audience } from './AudienceAnalytics';
import { CancellationView } from './CancellationView';
import { queuedPage, useQueued } from './fetch-queue';
import { NewsletterComparison } from './NewsletterComparison';
import { customLimits, dateRange } from './ranges';

export default queuedPage('publisherId', PublisherAnalytics);

function PublisherAnalytics({ publisherId }: { publisherId: string }) {
  const choice = useRangeChoice();
  const comparison = useQueued(
    (next) => next(() => publisherComparison(publisherId, dateRange(choice.range))),
    `comparison|${publisherId}|${rangeKey(choice)}`,
  );
  // The newsletters of the last answer, kept while another range loads: the charts load again for
  // the new range, not once for no newsletter and again for the same ones.
  const known = useRef<Comparison>([]);
  if (comparison.status === 'ready') known.current = comparison.data;
  const ids = known.current.map((newsletter) => newsletter._id).join(',');
  // The oldest newsletter bounds a custom range.
  const createdAt = known.current[0]?.createdAt;
  const audience = useMemo<Audience>(
    () => ({ model: 'Publisher', parent: publisherId, newsletterIds: ids ? ids.split(',') : [], createdAt }),
    [ids, publisherId, createdAt],
  );
  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={t('Analytics')} />
      <AudienceAnalytics audience={audience} choice={choice} lead={<NewsletterComparison state={comparison} range={choice.range} />} />
      <CancellationView newsletterIds={audience.newsletterIds} limits={customLimits(audience.createdAt, new Date())} />
    </Stack>
  );
}
