/** /resources/list: 'Tips & Tricks', the grid of every built-in guide. */
import { Stack, Text } from '@fluentui/react';
import { t } from '../../../core/client/words';
import { GuideCard } from './GuideCard';
import { guides } from './guides';

export default function ResourcesListPage() {
  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <Text as="h1" variant="xxLarge" style={{ fontWeight: 700, margin: 0 }}>
        {t('Tips & Tricks')}
      </Text>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: 24 }}>
        {guides.map((guide) => (
          <GuideCard key={guide._id} guide={guide} />
        ))}
      </div>
    </Stack>
  );
}
