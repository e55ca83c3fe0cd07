/**
 * /newsletters/show/:newsletterId/subscribers: the newsletter's subscribers (type, name, e-mail
 * address, city, sign-up date), 10 a page, with search, EXPORT CSV and IMPORT CSV. An address that
 * bounced or complained says so under it (BounceState), and a check box keeps only those. Where
 * subscriptions are sold, a row says whether it pays and for which plan (SubscriberType), and a
 * Type drop-down keeps free or paid subscribers only.
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
import { downloadSubscribersCsv, importSubscribersCsv, listSubscriptions, subscribersMayPay, type SubscriberTypeFilter } from './subscribers-api';
import './subscribers.css';
import { formatNumber } from '../../../core/client/format';
import { formatDate } from '../../../core/client/format-dates';

const pageSize = constants.pageSizes.list;
const signUpFormat = 'd MMMM yyyy';

const columns: IColumn[] = [
  {
    key: 'type',
    name: 'TYPE',
    minWidth: 60,
    maxWidth: 130,
    isMultiline: true,
    onRender: (item: Subscription) => <SubscriberType subscription={item} />,
  },
  { key: 'name', name: 'NAME', fieldName: 'name', minWidth: 140, maxWidth: 240, isResizable: true },
  {
    key: 'email',
    name: 'EMAIL ADDRESS',
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
  { key: 'city', name: 'CITY', fieldName: 'city', minWidth: 100, maxWidth: 160, isResizable: true },
  {
    key: 'createdAt',
    name: 'SIGN-UP DATE',
    minWidth: 120,
    maxWidth: 160,
    onRender: (item: Subscription) => formatDate(new Date(item.createdAt), signUpFormat),
  },
];

const allTypes = 'all';
type TypeChoice = SubscriberTypeFilter | typeof allTypes;
const typeChoices: IDropdownOption[] = [
  { key: allTypes, text: 'All' },
  { key: 'free', text: 'Free' },
  { key: 'paid', text: 'Paid' },
];
const emptyTitles: Record<SubscriberTypeFilter, string> = { free: 'No free subscribers.', paid: 'No paid subscribers.' };

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
  const [rows, setRows] = useState<{ data: Subscription[]; count: number } | null>(null);
  const [reload, setReload] = useState(0);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [problems, setProblems] = useState<RowProblem[] | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => setPage(0), [search, bounced, type, newsletterId]);
  useEffect(() => {
    let current = true;
    subscribersMayPay(newsletterId).then(
      (answer) => current && setMayPay(answer),
      (error: unknown) => current && void handleError(error),
    );
    return () => {
      current = false;
    };
  }, [newsletterId]);
  useEffect(() => {
    let current = true;
    listSubscriptions(newsletterId, page, pageSize, search, bounced, type).then(
      (answer) => current && setRows(answer),
      (error: unknown) => current && void handleError(error),
    );
    return () => {
      current = false;
    };
  }, [newsletterId, page, search, bounced, type, reload]);

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
      toast('success', 'Success!', `${data.imported} subscribers imported, ${data.skipped} skipped (already subscribed).`);
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
  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title="Subscribers">
        <DefaultButton text="EXPORT CSV" iconProps={{ iconName: 'Download' }} disabled={busy !== null} onClick={() => void exportCsv()} />
        {can('subscribers.import') ? (
          <>
            <PrimaryButton text="IMPORT CSV" iconProps={{ iconName: 'Upload' }} disabled={busy !== null} onClick={() => fileInput.current?.click()} />
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file"
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
          placeholder="Search by e-mail or name"
          ariaLabel="Search subscribers"
          value={text}
          onChange={(_event, value) => setText(value ?? '')}
          styles={{ root: { width: 320, maxWidth: '100%' } }}
        />
        <Checkbox label="Bounced or complained only" checked={bounced} onChange={(_event, checked) => setBounced(Boolean(checked))} />
        {mayPay ? (
          <Dropdown
            ariaLabel="Type"
            options={typeChoices}
            selectedKey={typeChoice}
            onChange={(_event, option) => setTypeChoice((option?.key as TypeChoice | undefined) ?? allTypes)}
            onRenderTitle={(options) => <>{`Type: ${options?.[0]?.text ?? 'All'}`}</>}
            styles={{ root: { width: 160, maxWidth: '100%' } }}
          />
        ) : null}
        {rows ? (
          <Text aria-live="polite">{`${formatNumber(rows.count)}${(search || bounced || type) && rows.count >= searchCountCap(page, pageSize) ? '+' : ''} subscribers`}</Text>
        ) : null}
        {busy ? <Spinner label={busy === 'import' ? 'Importing...' : 'Exporting...'} labelPosition="right" /> : null}
      </Stack>

      {!rows ? (
        <Spinner label="Loading..." />
      ) : rows.data.length === 0 ? (
        <EmptyState
          title={
            search
              ? 'No subscriber matches your search.'
              : bounced
                ? 'No address has bounced or complained.'
                : type
                  ? emptyTitles[type]
                  : 'There are no subscribers yet.'
          }
          text={search || bounced || type ? undefined : 'Import them from a CSV file with IMPORT CSV.'}
        />
      ) : (
        <div className="subscribers-table">
          <DetailsList
            items={rows.data}
            columns={columns}
            getKey={(item: Subscription) => item._id}
            selectionMode={SelectionMode.none}
            layoutMode={DetailsListLayoutMode.justified}
            ariaLabelForGrid="Subscribers"
          />
        </div>
      )}
      <Pager page={page} pages={pageCount} onPage={setPage} />

      {problems ? <ImportErrorsDialog problems={problems} onDismiss={() => setProblems(null)} /> : null}
    </Stack>
  );
}
