/**
 * The newsletter dashboard's card: the newsletter, its subscribers and status, linking to its public
 * page /n/{key}. An unpublished newsletter offers to finish it in the wizard, where it was left (issue 31).
 */
import { Link, Spinner, Stack, Text } from '@fluentui/react';
import { Link as RouteLink } from 'wouter';
import { call } from '../../../core/client/api';
import { useCan } from '../../../core/client/permissions';
import { usePanelData } from '../../../core/client/panel-list';
import { theme } from '../../../core/client/theme';
import type { Scope } from '../../../schemas/generated/entities/scope';
import { newsletterEndpoints } from '../../newsletters/endpoints';
import { ScopeCard } from './Card';
import { formatNumber } from '../../../core/client/format';
import { t } from '../../../core/client/words';

/** '{count} subscribers' with the number in bold, where the language puts it. */
function Subscribers({ count }: { count: number }) {
  const [before = '', after = ''] = (count === 1 ? t('{count} subscriber') : t('{count} subscribers')).split('{count}');
  return (
    <Text>
      {before}
      <strong>{formatNumber(count)}</strong>
      {after}
    </Text>
  );
}

export default function NewsletterCardPanel({ scope }: { scope: Scope }) {
  const newsletter = usePanelData(scope._id, () => call(newsletterEndpoints.fetch, { params: { id: scope._id } }));
  const can = useCan();
  if (!newsletter) return <Spinner />;
  return (
    <ScopeCard
      image={newsletter.image}
      title={newsletter.title}
      subtitle={newsletter.subtitle}
      text={newsletter.description}
      publicPath={`/n/${newsletter.key}`}
    >
      <Stack horizontal tokens={{ childrenGap: 12 }}>
        <Subscribers count={newsletter.stats.subscribers} />
        <Text styles={{ root: { fontWeight: 700, color: newsletter.status.published ? theme.palette.green : theme.semanticColors.draftText } }}>
          {newsletter.status.published ? t('PUBLISHED') : t('DRAFT')}
        </Text>
      </Stack>
      {!newsletter.status.published && can('newsletters.create') ? (
        <RouteLink href={`/newsletters/create?newsletter=${encodeURIComponent(newsletter._id)}`} asChild>
          <Link>{t('Finish and publish it')}</Link>
        </RouteLink>
      ) : null}
    </ScopeCard>
  );
}
