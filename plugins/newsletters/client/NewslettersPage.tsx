/**
 * /newsletters/ and /newsletters/list (spec section 2, outside the shell): the newsletters the
 * user reaches (/newsletters/list: of the current publisher) on the shared list: cards or rows
 * with the PUBLISHED / DRAFT badge, search, a status filter, Open (into the newsletter's scope)
 * and, for admins, Publish / Unpublish and Feature / Unfeature.
 */
import { DefaultButton, Link, Stack, Text, type IContextualMenuItem } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useLocation, useRoute } from 'wouter';
import { handleError } from '../../../core/client/errors';
import { filterOptions, List, type ListColumn } from '../../../core/client/list';
import { PageHeader } from '../../../core/client/page-parts';
import { useCan } from '../../../core/client/permissions';
import { newsletterCreateRoute } from '../../../core/client/refs';
import { linkTo } from '../../../core/client/registry';
import { currentScopeAtom, userAtom } from '../../../core/client/stores';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import { newsletterEndpoints } from '../endpoints';
import type { NewsletterSummary } from '../../../schemas/generated/entities/newsletter-summary';
import { listDate, subscriberCount } from './format';
import { flipNewsletter, newsletterSwitches, type NewsletterSwitch } from './newsletter-actions';
import { NewsletterCard } from './NewsletterCard';

const statusOptions = filterOptions('published', 'draft', 'featured');

export default function NewslettersPage() {
  const [, navigate] = useLocation();
  const [byPublisher] = useRoute('/newsletters/list');
  const scope = useAtomValue(currentScopeAtom);
  const user = useAtomValue(userAtom);
  const can = useCan();
  const createPath = linkTo(newsletterCreateRoute);
  const [refreshKey, setRefreshKey] = useState(0);
  const publisher = (scope?.type === 'publisher' ? scope._id : scope?.publisher) ?? user?.publisher ?? undefined;

  const open = (newsletter: NewsletterSummary) => navigate(`/newsletters/show/${newsletter._id}`);
  const flip = async (newsletter: NewsletterSummary, which: NewsletterSwitch) => {
    try {
      const { msg } = await flipNewsletter(newsletter, which);
      toast('success', 'Success!', msg);
      setRefreshKey((key) => key + 1);
    } catch (error) {
      await handleError(error);
    }
  };

  const rowActions = (newsletter: NewsletterSummary): IContextualMenuItem[] => [
    { key: 'open', text: t('Open'), iconProps: { iconName: 'OpenInNewWindow' }, onClick: () => open(newsletter) },
    ...(['publish', 'feature'] as const)
      .filter((which) => can(newsletterSwitches[which].requires))
      .map((which) => {
        const { isOn, text, icon } = newsletterSwitches[which];
        const state = isOn(newsletter) ? 0 : 1;
        return { key: which, text: t(text[state]), iconProps: { iconName: icon[state] }, onClick: () => void flip(newsletter, which) };
      }),
  ];

  const columns: ListColumn<NewsletterSummary>[] = [
    {
      key: 'title',
      name: t('Title'),
      sort: 'title',
      minWidth: 200,
      maxWidth: 360,
      render: (newsletter) => (
        <Link onClick={() => open(newsletter)} styles={{ root: { fontWeight: 600 } }}>
          {newsletter.title}
        </Link>
      ),
    },
    { key: 'key', name: t('Key'), minWidth: 140, maxWidth: 220, render: (newsletter) => newsletter.key },
    {
      key: 'subscribers',
      name: t('Subscribers'),
      sort: 'subscribers',
      minWidth: 110,
      maxWidth: 140,
      render: (newsletter) => subscriberCount(newsletter.stats.subscribers),
    },
    { key: 'status', name: t('Status'), minWidth: 90, maxWidth: 120, render: 'badge' },
    { key: 'created', name: t('Created'), sort: 'createdAt', minWidth: 90, maxWidth: 140, render: (newsletter) => listDate(newsletter.createdAt) },
  ];

  return (
    <div style={{ minHeight: '100vh', background: theme.semanticColors.bodyBackground }}>
      <Stack tokens={{ childrenGap: 24 }} styles={{ root: { maxWidth: 1200, margin: '0 auto', padding: 32 } }}>
        <DefaultButton
          text={t('Back to Dashboard')}
          iconProps={{ iconName: 'Back' }}
          onClick={() => navigate('/')}
          styles={{ root: { alignSelf: 'flex-start' } }}
        />
        <PageHeader title={t('Newsletters')}>
          {byPublisher && scope?.type === 'publisher' ? <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>{scope.title}</Text> : null}
        </PageHeader>
        <List<NewsletterSummary>
          endpoint={newsletterEndpoints.list}
          params={byPublisher ? { publisher } : {}}
          storageKey="newsletters-list-view"
          searchPlaceholder={t('Search newsletters')}
          itemName={(newsletter) => newsletter.title}
          renderCard={(newsletter, parts) => <NewsletterCard newsletter={newsletter} parts={parts} onOpen={() => open(newsletter)} />}
          columns={columns}
          rowActions={rowActions}
          badge={(newsletter) => ({ model: 'newsletter', status: { published: newsletter.status.published } })}
          filters={{ status: { options: statusOptions } }}
          onNew={can('newsletters.create') && createPath !== undefined ? () => navigate(createPath) : undefined}
          defaultSort={{ sort: 'title', desc: false }}
          pageSize={constants.pageSizes.list}
          refreshKey={refreshKey}
          emptyTitle={t('There are no newsletters yet.')}
        />
      </Stack>
    </div>
  );
}
