/**
 * /newsletters/show/{newsletterId}/analytics and /analytics/newsletters/{newsletterId} (spec 002
 * section 2.9): the newsletter's panels, average views, its latest issues with links to their
 * analytics, and the cancellation view.
 */
import { Stack } from '@fluentui/react';
import { useMemo } from 'react';
import { PageHeader } from '../../../core/client/page-parts';
import { useCan } from '../../../core/client/permissions';
import { t } from '../../../core/client/words';
import { newsletterSummary } from './analytics-api';
import { AudienceAnalytics, type Audience } from './AudienceAnalytics';
import { AverageViews } from './AverageViews';
import { CancellationView } from './CancellationView';
import { queuedPage, useQueued } from './fetch-queue';
import { LatestIssues } from './LatestIssues';
import { customLimits } from './ranges';

export default queuedPage('newsletterId', NewsletterAnalytics);

function NewsletterAnalytics({ newsletterId }: { newsletterId: string }) {
  const can = useCan();
  // Its creation date bounds a custom range; the charts need only its id and start at once.
  const newsletter = useQueued((next) => next(() => newsletterSummary(newsletterId)), `newsletter|${newsletterId}`);
  const createdAt = newsletter.status === 'ready' ? newsletter.data.createdAt : undefined;
  const audience = useMemo<Audience>(
    () => ({ model: 'Newsletter', parent: newsletterId, newsletterIds: [newsletterId], createdAt }),
    [newsletterId, createdAt],
  );
  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={newsletter.status === 'ready' ? t('Analytics: {title}', { title: newsletter.data.title }) : t('Analytics')} />
      <AudienceAnalytics audience={audience}>
        <AverageViews newsletterId={newsletterId} />
        {can('issues.list') ? <LatestIssues newsletterId={newsletterId} /> : null}
      </AudienceAnalytics>
      <CancellationView newsletterIds={audience.newsletterIds} limits={customLimits(createdAt, new Date())} />
    </Stack>
  );
}
