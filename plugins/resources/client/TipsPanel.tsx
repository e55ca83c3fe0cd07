/** The dashboards' 'Tips and Tricks' panel: the first guides and a see-all link. */
import { Stack } from '@fluentui/react';
import { PanelHeader } from '../../../core/client/panel-list';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import { GuideCard } from './GuideCard';
import { guides } from './guides';

export default function TipsPanel() {
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <PanelHeader title={t('Tips and Tricks')} href="/resources/list" />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 16 }}>
        {guides.slice(0, constants.pageSizes.homeTips).map((guide) => (
          <GuideCard key={guide._id} guide={guide} />
        ))}
      </div>
    </Stack>
  );
}
