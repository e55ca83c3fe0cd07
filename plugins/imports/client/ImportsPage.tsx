/**
 * /publishers/show/{publisherId}/imports (issue 56): a publisher brings its readers and posts from
 * Ghost, Substack, Mailchimp or beehiiv. Pick the source, the newsletter and the files (the page says
 * which files each source takes), check them first (a dry run: nothing is written but its report),
 * then import, after a confirmation, since it adds readers by the thousand. While an import runs
 * its progress and counts are followed (the page asks the server every
 * constants.imports.progressEveryMs); its report lists what was taken, changed, skipped or failed
 * and why, filterable by action. The publisher's past imports are listed below.
 */
import {
  DefaultButton,
  DetailsList,
  DetailsListLayoutMode,
  Dropdown,
  MessageBar,
  MessageBarType,
  PrimaryButton,
  ProgressIndicator,
  SelectionMode,
  Stack,
  Text,
  TextField,
  type IColumn,
  type IDropdownOption,
} from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { handleError } from '../../../core/client/errors';
import { Figure, Figures } from '../../../core/client/figures';
import { formatNumber, formatPercent } from '../../../core/client/format';
import { formatDate } from '../../../core/client/format-dates';
import { useBusy } from '../../../core/client/forms';
import { ConfirmDialog, PageHeader } from '../../../core/client/page-parts';
import { scopesAtom } from '../../../core/client/stores';
import { toast } from '../../../core/client/toasts';
import { patternReader, serverText } from '../../../core/client/server-text';
import { t, tMaybe } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import type { Import } from '../../../schemas/generated/api/import';
import type { ImportReport } from '../../../schemas/generated/api/import-report';
import type { ReportAction } from '../server/contract';
import { importSources, postReasons, sourceAccepts, sourceFiles, sourceNames, type Source } from '../rules';
import { useNarrow } from '../../../core/client/layout/narrow';
import { importsApi } from './imports-api';
import { downloadSampleMembers } from './sample';
import './imports.css';

type ReportRow = ImportReport['report'][number];

/** The words of an import's state and of the report's actions, put through `t` where they are shown. */
const stateWords: Record<Import['state'], string> = { queued: 'Queued', running: 'Running', done: 'Finished', failed: 'Failed' };
const actionWords: Record<ReportAction, string> = { taken: 'Taken', changed: 'Changed', skipped: 'Skipped', failed: 'Failed' };

/** A day the server wrote as YYYY-MM-DD, in the console's words, on that calendar day wherever the browser is. */
function dayOf(text: string): string {
  const [year, month, day] = text.split('-').map(Number);
  return formatDate(new Date(year!, month! - 1, day!), 'd MMMM yyyy');
}

/** The report's reasons about posts carry values: read by their patterns, written in the console's language. */
const readPostReason = patternReader(Object.values(postReasons), (name, found) => {
  if (name === 'date') return dayOf(found);
  if (name === 'time') return formatDate(found, 'd MMMM yyyy HH:mm');
  if (name === 'error') return serverText(found);
  return found;
});
const reasonText = (text: string) => readPostReason(text) ?? t(text);

export default function ImportsPage() {
  const scopes = useAtomValue(scopesAtom);
  const newsletters = scopes.filter((scope) => scope.type === 'newsletter');
  const [source, setSource] = useState<Source>('ghost');
  const [newsletterId, setNewsletterId] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [siteUrl, setSiteUrl] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [past, setPast] = useState<Import[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const { busy, run } = useBusy();
  const chosenNewsletter = newsletterId || newsletters[0]?._id || '';

  const refreshPast = useCallback(() => {
    importsApi.list().then((answer) => setPast(answer.data), handleError);
  }, []);
  useEffect(refreshPast, [refreshPast]);

  const start = async (dryRun: boolean) => {
    const { data, msg } = await importsApi.start({ source, newsletterId: chosenNewsletter, dryRun, files, siteUrl: source === 'ghost' ? siteUrl : '' });
    toast('success', t(msg));
    setShown(data.id);
    refreshPast();
  };

  const ready = files.length > 0 && chosenNewsletter !== '';
  const newsletterTitle = newsletters.find((newsletter) => newsletter._id === chosenNewsletter)?.title ?? '';

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <PageHeader title={t('Import')} />
      <Stack className="imports-form" tokens={{ childrenGap: 12 }}>
        <Text>
          {t('Bring your readers and posts from another platform. Check the files first: nothing is written until you import, and nobody is mailed.')}
        </Text>
        <Dropdown
          label={t('Source')}
          selectedKey={source}
          options={importSources.map((key): IDropdownOption => ({ key, text: sourceNames[key] }))}
          onChange={(_event, option) => {
            if (!option) return;
            setSource(option.key as Source);
            setFiles([]);
          }}
        />
        <Dropdown
          label={t('Newsletter')}
          selectedKey={chosenNewsletter || null}
          placeholder={t('Choose the newsletter to import into.')}
          options={newsletters.map((newsletter): IDropdownOption => ({ key: newsletter._id, text: newsletter.title }))}
          onChange={(_event, option) => option && setNewsletterId(String(option.key))}
        />
        <Stack tokens={{ childrenGap: 4 }}>
          <Text variant="medium" styles={{ root: { fontWeight: 600 } }}>
            {t('Files')}
          </Text>
          <Text variant="small">{t(sourceFiles[source])}</Text>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            accept={sourceAccepts[source]}
            aria-label={t('Files')}
            data-testid="import-files"
            onChange={(event) => setFiles([...(event.target.files ?? [])])}
          />
          <Stack horizontal wrap tokens={{ childrenGap: 8 }} verticalAlign="center">
            <DefaultButton text={t('Choose files')} iconProps={{ iconName: 'OpenFile' }} onClick={() => fileInput.current?.click()} />
            <Text className="imports-files" variant="small">
              {files.length > 0 ? files.map((file) => file.name).join(', ') : t('No file chosen')}
            </Text>
          </Stack>
          {source === 'ghost' && (
            <TextField
              label={t('Old site address')}
              placeholder="https://"
              value={siteUrl}
              onChange={(_event, value) => setSiteUrl(value ?? '')}
              description={t("Ghost's export writes its own address as __GHOST_URL__: give it, and the posts' images are fetched from there.")}
            />
          )}
          {source === 'ghost' && (
            <Stack horizontal wrap tokens={{ childrenGap: 8 }} verticalAlign="center">
              <Text variant="small">{t('No export at hand?')}</Text>
              <DefaultButton text={t('Download a sample Ghost members CSV')} iconProps={{ iconName: 'Download' }} onClick={downloadSampleMembers} />
            </Stack>
          )}
        </Stack>
        <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
          <DefaultButton text={t('Check the files')} disabled={!ready || busy} onClick={() => void run(() => start(true))} />
          <PrimaryButton text={t('Import')} disabled={!ready || busy} onClick={() => setConfirming(true)} />
        </Stack>
      </Stack>
      {shown && <ImportView key={shown} id={shown} onFinished={refreshPast} />}
      <PastImports imports={past} shown={shown} onShow={setShown} />
      {confirming && (
        <ConfirmDialog
          title={t('Import into {newsletter}?', { newsletter: newsletterTitle })}
          text={t('The readers and posts of these files are added to the newsletter. Nobody is mailed; what an earlier import took is skipped.')}
          action={t('START THE IMPORT')}
          onConfirm={async () => {
            await start(false);
            setConfirming(false);
          }}
          onDismiss={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}

/** One import: its state, progress and counts while it runs and after, and its report, a page at a time. */
function ImportView({ id, onFinished }: { id: string; onFinished(): void }) {
  const narrow = useNarrow();
  const [answer, setAnswer] = useState<ImportReport | null>(null);
  const [action, setAction] = useState<ReportAction | undefined>(undefined);
  const [rows, setRows] = useState<ReportRow[]>([]);
  const [page, setPage] = useState(0);
  const finished = answer?.data.state === 'done' || answer?.data.state === 'failed';

  // Asks again while it runs; the first page of the report comes with each answer.
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      importsApi.fetch(id, 0, action).then((next) => {
        if (!current) return;
        setAnswer(next);
        setRows(next.report);
        setPage(0);
        if (next.data.state === 'queued' || next.data.state === 'running') timer = setTimeout(ask, constants.imports.progressEveryMs);
        else onFinished();
      }, handleError);
    };
    ask();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [id, action, onFinished]);

  if (!answer) return null;
  const { data } = answer;
  const more = async () => {
    const next = await importsApi.fetch(id, page + 1, action);
    setRows((shownRows) => [...shownRows, ...next.report]);
    setPage(page + 1);
  };
  const columns: IColumn[] = [
    { key: 'action', name: t('ACTION'), minWidth: 70, maxWidth: 90, onRender: (row: ReportRow) => t(actionWords[row.action]) },
    { key: 'ref', name: t('ITEM'), minWidth: 140, maxWidth: 280, isMultiline: true, onRender: (row: ReportRow) => row.ref },
    { key: 'reason', name: t('WHY'), minWidth: 200, isMultiline: true, onRender: (row: ReportRow) => reasonText(row.reason) },
  ];
  return (
    <Stack className="imports-current" tokens={{ childrenGap: 12 }} data-testid="import-report">
      <Text variant="large" styles={{ root: { fontWeight: 600 } }}>
        {data.dryRun
          ? t('Check of the files into {newsletter}', { newsletter: data.newsletter.title })
          : t('Import into {newsletter}', { newsletter: data.newsletter.title })}
      </Text>
      <ProgressIndicator
        label={t(stateWords[data.state])}
        description={finished ? undefined : formatPercent(data.progress, undefined, 0)}
        percentComplete={finished ? 1 : data.progress}
      />
      {data.error && <MessageBar messageBarType={MessageBarType.error}>{tMaybe(data.error)}</MessageBar>}
      {finished && data.dryRun && data.state === 'done' && (
        <MessageBar messageBarType={MessageBarType.info}>{t('Nothing was written: this is what an import of these files would do.')}</MessageBar>
      )}
      <Figures minWidth={120}>
        <Figure label={t('Subscribers')} value={formatNumber(data.counts.subscribers)} />
        <Figure label={t('Paying')} value={formatNumber(data.counts.paid)} />
        <Figure label={t('Stories')} value={formatNumber(data.counts.stories)} />
        <Figure label={t('Issues')} value={formatNumber(data.counts.issues)} />
        <Figure label={t('Skipped')} value={formatNumber(data.counts.skipped)} />
      </Figures>
      <Dropdown
        label={t('Show')}
        selectedKey={action ?? 'all'}
        options={[
          { key: 'all', text: t('All rows') },
          ...(['taken', 'changed', 'skipped', 'failed'] as const).map((key) => ({ key, text: `${t(actionWords[key])} (${formatNumber(data.actions[key])})` })),
        ]}
        onChange={(_event, option) => option && setAction(option.key === 'all' ? undefined : (option.key as ReportAction))}
        styles={{ root: { maxWidth: 280 } }}
      />
      {narrow ? (
        // A phone has no room for three columns: each row reads as a line, its reason beneath.
        <ul className="imports-rows" aria-label={t('Report')}>
          {rows.map((row) => (
            <li key={`${row.action}:${row.kind}:${row.ref}`}>
              <Text variant="small" styles={{ root: { fontWeight: 600 } }}>
                {t(actionWords[row.action])} · {row.ref}
              </Text>
              <Text variant="small">{reasonText(row.reason)}</Text>
            </li>
          ))}
        </ul>
      ) : (
        <div className="imports-table">
          <DetailsList items={rows} columns={columns} selectionMode={SelectionMode.none} layoutMode={DetailsListLayoutMode.justified} compact />
        </div>
      )}
      {rows.length === 0 && <Text>{finished ? t('The report has no rows here.') : t('The report fills in as the import runs.')}</Text>}
      {rows.length < answer.count && (
        <DefaultButton text={t('Show more')} onClick={() => void more().catch(handleError)} styles={{ root: { alignSelf: 'flex-start' } }} />
      )}
    </Stack>
  );
}

function PastImports({ imports, shown, onShow }: { imports: Import[]; shown: string | null; onShow(id: string): void }) {
  const narrow = useNarrow();
  if (imports.length === 0) return null;
  const columns: IColumn[] = [
    { key: 'date', name: t('DATE'), minWidth: 90, maxWidth: 130, onRender: (item: Import) => formatDate(item.createdAt, 'd MMMM yyyy HH:mm') },
    { key: 'source', name: t('FROM'), minWidth: 70, maxWidth: 90, onRender: (item: Import) => sourceNames[item.source] },
    { key: 'newsletter', name: t('NEWSLETTER'), minWidth: 120, maxWidth: 200, isMultiline: true, onRender: (item: Import) => item.newsletter.title },
    { key: 'kind', name: t('RUN'), minWidth: 80, maxWidth: 110, onRender: (item: Import) => (item.dryRun ? t('Check') : t('Import')) },
    { key: 'state', name: t('STATE'), minWidth: 60, maxWidth: 80, onRender: (item: Import) => t(stateWords[item.state]) },
    { key: 'subscribers', name: t('READERS'), minWidth: 80, maxWidth: 100, onRender: (item: Import) => formatNumber(item.counts.subscribers) },
    {
      key: 'open',
      name: '',
      minWidth: 100,
      onRender: (item: Import) => (item._id === shown ? null : <DefaultButton text={t('Report')} onClick={() => onShow(item._id)} />),
    },
  ];
  return (
    <Stack className="imports-past" tokens={{ childrenGap: 8 }}>
      <Text variant="large" styles={{ root: { fontWeight: 600 } }}>
        {t('Past imports')}
      </Text>
      {narrow ? (
        <ul className="imports-rows" aria-label={t('Past imports')}>
          {imports.map((item) => (
            <li key={item._id}>
              <Text variant="small" styles={{ root: { fontWeight: 600 } }}>
                {formatDate(item.createdAt, 'd MMMM yyyy HH:mm')} · {sourceNames[item.source]} · {item.newsletter.title}
              </Text>
              <Text variant="small">
                {item.dryRun ? t('Check') : t('Import')} · {t(stateWords[item.state])} ·{' '}
                {t('Readers: {count}', { count: formatNumber(item.counts.subscribers) })}
              </Text>
              {item._id !== shown && (
                <DefaultButton text={t('Report')} onClick={() => onShow(item._id)} styles={{ root: { alignSelf: 'flex-start', marginTop: 4 } }} />
              )}
            </li>
          ))}
        </ul>
      ) : (
        <div className="imports-table">
          <DetailsList items={imports} columns={columns} selectionMode={SelectionMode.none} layoutMode={DetailsListLayoutMode.justified} compact />
        </div>
      )}
    </Stack>
  );
}
