/**
 * /newsletters/show/:newsletterId/subscribers: the newsletter's subscribers (type, name, e-mail
 * address, city, sign-up date), 10 a page, with search, EXPORT CSV and IMPORT CSV. An address that
 * bounced or complained says so under it (BounceState), and a check box keeps only those. Where
 * subscriptions are sold, a row says whether it pays and for which plan (SubscriberType), and a
 * Type drop-down keeps free or paid subscribers only. A subscriber's labels (an import brings
 * Ghost's labels and Mailchimp's tags) show under their name, and a Label drop-down keeps one label's.
 */
import {
  Checkbox,
  DefaultButton,
  DetailsList,
  DetailsListLayoutMode,
  Dropdown,
  PrimaryButton,
  SearchBox,
  SelectionMode,
  Spinner,
  Stack,
  Text,
  type IColumn,
  type IDropdownOption,
} from '@fluentui/react';
import { HTTPError } from 'ky';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { Pager } from '../../../core/client/list';
import { handleError } from '../../../core/client/errors';
import { EmptyState, PageHeader } from '../../../core/client/page-parts';
import { useCan } from '../../../core/client/permissions';
import { toast } from '../../../core/client/toasts';
import { constants } from '../../../core/shared/config';
import { searchCountCap } from '../../../core/shared/lists';
import type { Subscription } from '../../../schemas/generated/entities/subscription';
import { BounceState } from './BounceState';
import { ImportErrorsDialog, type RowProblem } from './ImportErrorsDialog';
import { SubscriberType } from './SubscriberType';
import {
  downloadSubscribersCsv,
  importSubscribersCsv,
  listSubscriptions,
  subscriberLabels,
  subscribersMayPay,
  type SubscriberTypeFilter,
} from './subscribers-api';
import './subscribers.css';
import { formatNumber } from '../../../core/client/format';
import { formatDate } from '../../../core/client/format-dates';
import { t } from '../../../core/client/words';

const pageSize = constants.pageSizes.list;
const signUpFormat = 'd MMMM yyyy';

/** The table's columns, their names in the console's language: made while drawing. */
const columnsOf = (): IColumn[] => [
  {
    key: 'type',
    name: t('TYPE'),
    minWidth: 60,
    maxWidth: 130,
    isMultiline: true,
    onRender: (item: Subscription) => <SubscriberType subscription={item} />,
  },
  {
    key: 'name',
    name: t('NAME'),
    minWidth: 140,
    maxWidth: 240,
    isResizable: true,
    isMultiline: true,
    onRender: (item: Subscription) => (
      <div>
        {item.name}
        {item.labels ? <div className="subscriber-labels">{item.labels.join(' · ')}</div> : null}
      </div>
    ),
  },
  {
    key: 'email',
    name: t('EMAIL ADDRESS'),
    fieldName: '_id',
    minWidth: 200,
    isResizable: true,
    isMultiline: true,
    onRender: (item: Subscription) => (
      <div className="subscriber-address">
        {item._id}
        {item.bounce ? <BounceState bounce={item.bounce} /> : null}
      </div>
    ),
  },
  { key: 'city', name: t('CITY'), fieldName: 'city', minWidth: 100, maxWidth: 160, isResizable: true },
  {
    key: 'createdAt',
    name: t('SIGN-UP DATE'),
    minWidth: 120,
    maxWidth: 160,
    onRender: (item: Subscription) => formatDate(new Date(item.createdAt), signUpFormat),
  },
];

const allTypes = 'all';
type TypeChoice = SubscriberTypeFilter | typeof allTypes;
/** The type filter's choices, in the console's language. */
const typeChoicesOf = (): IDropdownOption[] => [
  { key: allTypes, text: t('All') },
  { key: 'free', text: t('Free') },
  { key: 'paid', text: t('Paid') },
];
const emptyTitle = (type: SubscriberTypeFilter) => (type === 'free' ? t('No free subscribers.') : t('No paid subscribers.'));

/** The search as sent: nothing below the minimum length, and only after the user pauses typing. */
function useDebouncedSearch(text: string): string {
  const [search, setSearch] = useState('');
  useEffect(() => {
    const value = text.trim().length >= constants.limits.searchMinChars ? text.trim() : '';
    const timer = setTimeout(() => setSearch(value), constants.debounces.listSearchMs);
    return () => clearTimeout(timer);
  }, [text]);
  return search;
}

export default function SubscribersPage() {
  const { newsletterId } = useParams<{ newsletterId: string }>();
  const can = useCan();
  const [page, setPage] = useState(0);
  const [text, setText] = useState('');
  const search = useDebouncedSearch(text);
  const [bounced, setBounced] = useState(false);
  // Offered only where subscriptions are sold; until then (and elsewhere) every subscriber is free.
  const [mayPay, setMayPay] = useState(false);
  const [typeChoice, setTypeChoice] = useState<TypeChoice>(allTypes);
  const type = mayPay && typeChoice !== allTypes ? typeChoice : undefined;
  const [labels, setLabels] = useState<string[]>([]);
  const [label, setLabel] = useState<string | undefined>(undefined);
  const [rows, setRows] = useState<{ data: Subscription[]; count: number } | null>(null);
  const [reload, setReload] = useState(0);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [problems, setProblems] = useState<RowProblem[] | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => setPage(0), [search, bounced, type, label, newsletterId]);
  useEffect(() => {
    let current = true;
    subscribersMayPay(newsletterId).then(
      (answer) => current && setMayPay(answer),
      (error: unknown) => current && void handleError(error),
    );
    subscriberLabels(newsletterId).then(
      (answer) => current && setLabels(answer),
      (error: unknown) => current && void handleError(error),
    );
    return () => {
      current = false;
    };
  }, [newsletterId]);
  useEffect(() => {
    let current = true;
    listSubscriptions(newsletterId, page, pageSize, search, bounced, type, label).then(
      (answer) => current && setRows(answer),
      (error: unknown) => current && void handleError(error),
    );
    return () => {
      current = false;
    };
  }, [newsletterId, page, search, bounced, type, label, reload]);

  const exportCsv = async () => {
    setBusy('export');
    try {
      await downloadSubscribersCsv(newsletterId);
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(null);
    }
  };

  const importCsv = async (file: File) => {
    setBusy('import');
    try {
      const { data } = await importSubscribersCsv(newsletterId, file);
      toast(
        'success',
        'Success!',
        t('{imported} subscribers imported, {skipped} skipped (already subscribed).', {
          imported: formatNumber(data.imported),
          skipped: formatNumber(data.skipped),
        }),
      );
      setPage(0);
      setReload((value) => value + 1);
    } catch (error) {
      // Row problems are listed together in a dialog; anything else is the shared handler's.
      const details =
        error instanceof HTTPError && error.response.status === 422 ? ((await error.response.clone().json()) as { details?: RowProblem[] }).details : undefined;
      if (details?.some((detail) => detail.path.startsWith('row/'))) setProblems(details);
      else await handleError(error);
    } finally {
      setBusy(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const pageCount = rows ? Math.ceil(rows.count / pageSize) : 0;
  const typeChoices = typeChoicesOf();
  const filtered = Boolean(search || bounced || type || label);
  const counted = rows ? `${formatNumber(rows.count)}${filtered && rows.count >= searchCountCap(page, pageSize) ? '+' : ''}` : '';
  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={t('Subscribers')}>
        <DefaultButton text={t('EXPORT CSV')} iconProps={{ iconName: 'Download' }} disabled={busy !== null} onClick={() => void exportCsv()} />
        {can('subscribers.import') ? (
          <>
            <PrimaryButton text={t('IMPORT CSV')} iconProps={{ iconName: 'Upload' }} disabled={busy !== null} onClick={() => fileInput.current?.click()} />
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              aria-label={t('CSV file')}
              hidden
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void importCsv(file);
              }}
            />
          </>
        ) : null}
      </PageHeader>

      <Stack horizontal horizontalAlign="space-between" verticalAlign="center" wrap tokens={{ childrenGap: 16 }}>
        <SearchBox
          placeholder={t('Search by e-mail or name')}
          ariaLabel={t('Search subscribers')}
          value={text}
          onChange={(_event, value) => setText(value ?? '')}
          styles={{ root: { width: 320, maxWidth: '100%' } }}
        />
        <Checkbox label={t('Bounced or complained only')} checked={bounced} onChange={(_event, checked) => setBounced(Boolean(checked))} />
        {mayPay ? (
          <Dropdown
            ariaLabel={t('Type')}
            options={typeChoices}
            selectedKey={typeChoice}
            onChange={(_event, option) => setTypeChoice((option?.key as TypeChoice | undefined) ?? allTypes)}
            onRenderTitle={(options) => <>{t('Type: {type}', { type: options?.[0]?.text ?? t('All') })}</>}
            styles={{ root: { width: 160, maxWidth: '100%' } }}
          />
        ) : null}
        {labels.length > 0 ? (
          <Dropdown
            ariaLabel={t('Filter by label')}
            options={[{ key: allTypes, text: t('All') }, ...labels.map((name) => ({ key: name, text: name }))]}
            selectedKey={label ?? allTypes}
            onChange={(_event, option) => setLabel(!option || option.key === allTypes ? undefined : String(option.key))}
            onRenderTitle={(options) => <>{t('Label: {label}', { label: options?.[0]?.text ?? t('All') })}</>}
            styles={{ root: { width: 200, maxWidth: '100%' } }}
          />
        ) : null}
        {rows ? (
          <Text aria-live="polite">{rows.count === 1 ? t('{count} subscriber', { count: counted }) : t('{count} subscribers', { count: counted })}</Text>
        ) : null}
        {busy ? <Spinner label={busy === 'import' ? t('Importing...') : t('Exporting...')} labelPosition="right" /> : null}
      </Stack>

      {!rows ? (
        <Spinner label={t('Loading...')} />
      ) : rows.data.length === 0 ? (
        <EmptyState
          title={
            search
              ? t('No subscriber matches your search.')
              : bounced
                ? t('No address has bounced or complained.')
                : type
                  ? emptyTitle(type)
                  : label
                    ? t('No subscriber has this label.')
                    : t('There are no subscribers yet.')
          }
          text={filtered ? undefined : t('Import them from a CSV file with IMPORT CSV.')}
        />
      ) : (
        <div className="subscribers-table">
          <DetailsList
            items={rows.data}
            columns={columnsOf()}
            getKey={(item: Subscription) => item._id}
            selectionMode={SelectionMode.none}
            layoutMode={DetailsListLayoutMode.justified}
            ariaLabelForGrid={t('Subscribers')}
          />
        </div>
      )}
      <Pager page={page} pages={pageCount} onPage={setPage} />

      {problems ? <ImportErrorsDialog problems={problems} onDismiss={() => setProblems(null)} /> : null}
    </Stack>
  );
}
