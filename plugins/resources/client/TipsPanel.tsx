/** The dashboards' 'Tips and Tricks' panel: the first guides and a see-all link. */
import { Link, Stack, Text } from '@fluentui/react';
import { Link as RouteLink } from 'wouter';
import { constants } from '../../../core/shared/config';
import { GuideCard } from './GuideCard';
import { guides } from './guides';

export default function TipsPanel() {
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center">
        <Text as="h2" variant="xLarge" style={{ fontWeight: 600, margin: 0 }}>
          Tips and Tricks
        </Text>
        <RouteLink href="/resources/list" asChild>
          <Link>See all</Link>
        </RouteLink>
      </Stack>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 16 }}>
        {guides.slice(0, constants.pageSizes.homeTips).map((guide) => (
          <GuideCard key={guide._id} guide={guide} />
        ))}
      </div>
    </Stack>
  );
}
