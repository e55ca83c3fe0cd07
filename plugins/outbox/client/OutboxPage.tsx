/**
 * /outbox (admins): without an SMTP server the server keeps every e-mail it sends (password
 * resets, invitations, tests, issues) in DATA_DIR/outbox; this lists them newest first, 10 a
 * page, with a search on recipient and subject, so a newcomer sees what went out. A message
 * opens at /outbox/{id} in a side panel. With SMTP the outbox only holds what came before: a
 * message bar says so.
 */
import {
  DefaultButton,
  DetailsList,
  DetailsListLayoutMode,
  Link,
  MessageBar,
  MessageBarType,
  SearchBox,
  SelectionMode,
  Spinner,
  SpinnerSize,
  Stack,
  Text,
  type IColumn,
} from '@fluentui/react';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { handleError } from '../../../core/client/errors';
import { Pager, useListSearch } from '../../../core/client/list';
import { useListPage } from '../../../core/client/list/use-list-page';
import { EmptyState, PageHeader } from '../../../core/client/page-parts';
import { theme } from '../../../core/client/theme';
import { constants } from '../../../core/shared/config';
import { outboxEndpoints } from '../endpoints';
import { searchCountCap } from '../../../core/shared/lists';
import type { MailMode, OutboxSummary } from '../messages';
import { byteSize, fullDate, listDate } from './format';
import { MessagePanel } from './MessagePanel';
import { outboxApi } from './outbox-api';
import { formatNumber } from '../../../core/client/format';
import { t } from '../../../core/client/words';

const pageSize = constants.pageSizes.list;

/** The page's notes, in English (shown through `t`). */
export const emptyOutbox = 'No e-mail has been captured yet.';
export const smtpNote = 'E-mail goes to the configured SMTP server. The outbox holds only what was captured before it was set up.';
/** Written while drawing: its number in the console's language. */
const outboxNote = () =>
  t('No SMTP server is configured (SMTP_URL), so every e-mail the server sends is kept here instead of being delivered: the newest {count}.', {
    count: formatNumber(constants.delivery.outboxKeep),
  });

export default function OutboxPage() {
  const { messageId } = useParams<{ messageId?: string }>();
  const [, navigate] = useLocation();
  const search = useListSearch();
  const [paging, setPaging] = useState({ search: '', page: 0 });
  // A new search starts from the first page.
  const page = paging.search === search.applied ? paging.page : 0;
  const [refreshKey, setRefreshKey] = useState(0);
  const list = useListPage(outboxEndpoints.list, { page, limit: pageSize, search: search.applied || undefined }, refreshKey);
  const [mode, setMode] = useState<MailMode | null>(null);

  useEffect(() => {
    outboxApi.status().then(
      (status) => setMode(status.mode),
      (error: unknown) => void handleError(error),
    );
  }, []);

  const open = (message: OutboxSummary) => navigate(`/outbox/${message._id}`);
  const columns: IColumn[] = [
    { key: 'to', name: t('To'), minWidth: 180, maxWidth: 280, isResizable: true, onRender: (message: OutboxSummary) => message.to },
    {
      key: 'subject',
      name: t('Subject'),
      minWidth: 240,
      isResizable: true,
      isMultiline: true,
      onRender: (message: OutboxSummary) => (
        // A real anchor (middle-click opens a tab), with in-app navigation on a plain click.
        <Link
          href={`/outbox/${message._id}`}
          onClick={(event) => {
            event.preventDefault();
            open(message);
          }}
          styles={{ root: { fontWeight: 600 } }}
          // The subject as the message went out, in the message's language: not the console's words.
          translate="no"
        >
          {message.subject}
        </Link>
      ),
    },
    {
      key: 'date',
      name: t('Date'),
      minWidth: 90,
      maxWidth: 110,
      onRender: (message: OutboxSummary) => <span title={fullDate(message.date)}>{listDate(message.date)}</span>,
    },
    { key: 'size', name: t('Size'), minWidth: 70, maxWidth: 90, onRender: (message: OutboxSummary) => byteSize(message.size) },
  ];

  const pages = Math.ceil(list.count / pageSize);
  const capped = Boolean(search.applied) && list.count >= searchCountCap(page, pageSize);
  let body;
  if (!list.loaded) body = <Spinner size={SpinnerSize.large} label={t('Loading...')} styles={{ root: { padding: 48 } }} />;
  else if (list.items.length === 0 && !list.loading)
    body = search.applied ? <EmptyState title={t('Nothing matches your search.')} text={t('Try other words.')} /> : <EmptyState title={t(emptyOutbox)} />;
  else
    body = (
      <div style={{ background: theme.palette.white, borderRadius: 8, overflow: 'hidden' }}>
        <DetailsList
          items={list.items}
          columns={columns}
          getKey={(message: OutboxSummary) => message._id}
          setKey="outbox"
          selectionMode={SelectionMode.none}
          layoutMode={DetailsListLayoutMode.justified}
          onItemInvoked={(message: OutboxSummary) => open(message)}
          onShouldVirtualize={() => false}
          ariaLabelForGrid={t('Captured e-mail')}
        />
      </div>
    );

  return (
    <Stack tokens={{ childrenGap: 20 }}>
      <PageHeader title={t('Outbox')}>
        <DefaultButton text={t('REFRESH')} iconProps={{ iconName: 'Refresh' }} onClick={() => setRefreshKey((key) => key + 1)} />
      </PageHeader>
      {mode === 'smtp' ? (
        <MessageBar messageBarType={MessageBarType.info} isMultiline>
          {t(smtpNote)}
        </MessageBar>
      ) : mode === 'outbox' ? (
        <Text styles={{ root: { color: theme.semanticColors.bodySubtext } }}>{outboxNote()}</Text>
      ) : null}
      <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 16 }}>
        <SearchBox
          placeholder={t('Search by recipient or subject')}
          ariaLabel={t('Search the outbox')}
          value={search.text}
          onChange={(_event, value) => search.setText(value ?? '')}
          onClear={() => search.setText('')}
          styles={{ root: { width: 320, maxWidth: '100%' } }}
        />
        {list.loaded ? (
          <Text aria-live="polite">
            {list.count === 1
              ? t('{count} e-mail', { count: `${formatNumber(list.count)}${capped ? '+' : ''}` })
              : t('{count} e-mails', { count: `${formatNumber(list.count)}${capped ? '+' : ''}` })}
          </Text>
        ) : null}
        {list.loading && list.loaded ? <Spinner size={SpinnerSize.small} ariaLabel={t('Loading...')} /> : null}
      </Stack>
      {body}
      <Pager page={page} pages={pages} onPage={(next) => setPaging({ search: search.applied, page: next })} />
      {messageId ? <MessagePanel id={messageId} onDismiss={() => navigate('/outbox')} /> : null}
    </Stack>
  );
}
