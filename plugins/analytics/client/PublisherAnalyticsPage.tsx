/**
 * /publishers/show/{publisherId}/analytics (spec 002 section 2.9): the publisher's newsletters
 * that the user reaches, counted together, and their cancellations.
 */
import { Stack } from '@fluentui/react';
import { useMemo } from 'react';
import { PageHeader } from '../../../core/client/page-parts';
import { t } from '../../../core/client/words';
import { publisherNewsletters } from './analytics-api';
import { AudienceAnalytics, type Audience } from './AudienceAnalytics';
import { CancellationView } from './CancellationView';
import { queuedPage, useQueued } from './fetch-queue';
import { customLimits } from './ranges';

/** Newsletters a publisher's analytics reads at most: the list call's largest page. */
const newslettersRead = 100;

export default queuedPage('publisherId', PublisherAnalytics);

function PublisherAnalytics({ publisherId }: { publisherId: string }) {
  const newsletters = useQueued((next) => next(() => publisherNewsletters(publisherId, newslettersRead)), `newsletters|${publisherId}`);
  const audience = useMemo<Audience>(() => {
    const list = newsletters.status === 'ready' ? newsletters.data : [];
    // The oldest newsletter bounds a custom range.
    const createdAt = list.map((newsletter) => newsletter.createdAt).sort()[0];
    return { model: 'Publisher', parent: publisherId, newsletterIds: list.map((newsletter) => newsletter._id), createdAt };
  }, [newsletters, publisherId]);
  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={t('Analytics')} />
      <AudienceAnalytics audience={audience} />
      <CancellationView newsletterIds={audience.newsletterIds} limits={customLimits(audience.createdAt, new Date())} />
    </Stack>
  );
}
