/** The publisher home's newsletters: at most 80, most subscribers first; each opens its dashboard. */
import { Image, ImageFit, Spinner, Stack, Text } from '@fluentui/react';
import { Link as RouteLink } from 'wouter';
import { call } from '../../../core/client/api';
import { PanelTitle, usePanelData } from '../../../core/client/panel-list';
import { theme } from '../../../core/client/theme';
import { constants } from '../../../core/shared/config';
import type { Scope } from '../../../schemas/generated/entities/scope';
import { newsletterEndpoints } from '../../newsletters/endpoints';
import './dashboards.css';
import { formatNumber } from '../../../core/client/format';
import { t } from '../../../core/client/words';

export default function PublisherNewslettersPanel({ scope }: { scope: Scope }) {
  const newsletters = usePanelData(
    scope._id,
    () =>
      call(newsletterEndpoints.list, {
        query: { publisher: scope._id, sort: 'subscribers', desc: true, limit: constants.pageSizes.publisherNewsletters },
      }),
    [],
  );
  return (
    <Stack tokens={{ childrenGap: 12 }}>
      <PanelTitle>{t('Newsletters')}</PanelTitle>
      {!newsletters ? <Spinner /> : null}
      {newsletters?.length === 0 ? <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>{t('There are no newsletters yet.')}</Text> : null}
      <ul aria-label={t('Newsletters')} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {newsletters?.map((newsletter) => (
          <li key={newsletter._id}>
            <RouteLink href={`/newsletters/show/${newsletter._id}`} className="dashboard-newsletter">
              <Image src={newsletter.image} alt="" width={40} height={40} imageFit={ImageFit.cover} styles={{ root: { borderRadius: 6, flex: 'none' } }} />
              <span style={{ minWidth: 0, flex: 1 }}>
                <strong style={{ display: 'block' }}>{newsletter.title}</strong>
                <span style={{ color: theme.palette.neutralSecondary, fontSize: 12 }}>{newsletter.subtitle}</span>
              </span>
              <span style={{ fontWeight: 600 }}>{formatNumber(newsletter.stats.subscribers)}</span>
            </RouteLink>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
