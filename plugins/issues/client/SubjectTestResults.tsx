/**
 * A subject test as it stands (issue 58, decision 0058): its phase in words and when the wait
 * ends, a row per subject line with its copies sent, people's opens and clicks (rates over
 * delivered copies, by results.ts, the issue's own definitions) and the machines' opens apart,
 * the winner marked, and why it won. The publish page shows it with a button per subject line
 * that sends it to the rest by hand while the test runs (`onPick`); the issue's analytics and the
 * editor's statistics show it as it is. Narrower than a laptop each subject line is a block of its
 * own, its figures as many to a row as fit.
 */
import { DefaultButton, mergeStyleSets, Stack, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { useFormat } from '../../../core/client/format-dates';
import { compactScreen } from '../../../core/client/layout/narrow';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';
import { issueApi, type Issue } from './issue-api';
import { RateCell } from './ResultsPanel';
import { phaseWords, subjectName, verdictWords, type SubjectTest } from './subject-test-words';

// Below a laptop's width (a tablet, a phone, or beside the editor's sidebar) the five columns do not fit.
const narrow = `@media ${compactScreen}`;

const classes = mergeStyleSets({
  table: { width: '100%', borderCollapse: 'collapse', [narrow]: { display: 'block' } },
  head: {
    color: theme.palette.neutralSecondary,
    fontSize: 12,
    fontWeight: 600,
    textTransform: 'uppercase',
    textAlign: 'right',
    padding: '0 0 8px 12px',
    whiteSpace: 'nowrap',
    selectors: { ':first-child': { textAlign: 'left', paddingLeft: 0 } },
  },
  // Read by screen readers, not shown: on a phone each figure carries its own label.
  headRow: { [narrow]: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } },
  body: { [narrow]: { display: 'block' } },
  row: {
    borderTop: `1px solid ${theme.palette.neutralLight}`,
    [narrow]: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: '8px 16px', padding: '12px 0' },
  },
  winner: { background: theme.semanticColors.accentTint },
  subject: {
    textAlign: 'left',
    fontWeight: 400,
    verticalAlign: 'top',
    padding: '12px 12px 12px 0',
    minWidth: 200,
    overflowWrap: 'anywhere',
    [narrow]: { gridColumn: '1 / -1', padding: 0, minWidth: 0 },
  },
  figure: {
    textAlign: 'right',
    verticalAlign: 'top',
    padding: '12px 0 12px 12px',
    whiteSpace: 'nowrap',
    [narrow]: {
      textAlign: 'left',
      padding: 0,
      selectors: { '::before': { content: 'attr(data-label)', display: 'block', fontSize: 12, color: theme.palette.neutralSecondary } },
    },
  },
  badge: {
    display: 'inline-block',
    marginLeft: 8,
    padding: '0 8px',
    borderRadius: 4,
    fontSize: 12,
    fontWeight: 700,
    background: theme.palette.themePrimary,
    color: theme.palette.neutralPrimary,
  },
});

/** The table's columns after the subject line, in English (shown through `t`). */
const columns = ['Sent', 'People’s opens', 'People’s clicks', 'Machine opens'] as const;

export interface SubjectTestResultsProps {
  test: SubjectTest;
  status: Issue['status'];
  /** Sends a subject line to the rest before the wait ends (the caller asks first); none where the test is only shown. */
  onPick?: (place: number) => void;
  busy?: boolean;
}

export function SubjectTestResults({ test, status, onPick, busy = false }: SubjectTestResultsProps) {
  const format = useFormat();
  const running = test.phase === 'testing' || test.phase === 'waiting';
  const verdict = verdictWords(test);
  const machineOpens = (results: SubjectTest['results'][number] | undefined) =>
    results && results.machineOpenShare !== null ? `${format.percent(results.machineOpenShare)} (${format.number(results.machineOpens)})` : '—';
  return (
    <Stack tokens={{ childrenGap: 12 }} data-testid="subject-test">
      <Text>{phaseWords(test, status, format.dateTime)}</Text>
      {/* A box of its own: a column wider than a tight page scrolls inside it. */}
      <div style={{ overflowX: 'auto' }}>
        <table className={classes.table} aria-label={t('Subject lines')}>
          <thead className={classes.headRow}>
            <tr>
              <th scope="col" className={classes.head}>
                {t('Subject line')}
              </th>
              {columns.map((column) => (
                <th key={column} scope="col" className={classes.head}>
                  {t(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={classes.body}>
            {test.variants.map((variant, place) => {
              const results = test.results[place];
              const won = test.winner === place;
              const label = (column: (typeof columns)[number]) => ({ 'data-label': t(column) });
              return (
                <tr key={place} className={won ? `${classes.row} ${classes.winner}` : classes.row} aria-label={subjectName(place)}>
                  <th scope="row" className={classes.subject}>
                    <Text block variant="small" styles={{ root: { color: theme.palette.neutralSecondary, fontWeight: 600 } }}>
                      {subjectName(place)}
                      {won ? <span className={classes.badge}>{t('Winner')}</span> : null}
                    </Text>
                    <Text block styles={{ root: { fontWeight: 600 } }}>
                      {variant.subject}
                    </Text>
                    <Text block variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
                      {variant.preview}
                    </Text>
                    {onPick && running ? (
                      <DefaultButton
                        text={t('Send this one to the rest')}
                        disabled={busy}
                        onClick={() => onPick(place)}
                        styles={{ root: { marginTop: 8, padding: '0 12px' } }}
                      />
                    ) : null}
                  </th>
                  <td className={classes.figure} {...label('Sent')}>
                    {results ? format.number(results.sent) : '—'}
                  </td>
                  <td className={classes.figure} {...label('People’s opens')}>
                    <RateCell ratio={results?.openRate} count={results?.opens} />
                  </td>
                  <td className={classes.figure} {...label('People’s clicks')}>
                    <RateCell ratio={results?.clickRate} count={results?.clickers} />
                  </td>
                  <td className={classes.figure} {...label('Machine opens')}>
                    {machineOpens(results)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {verdict ? <Text styles={{ root: { fontWeight: 600 } }}>{verdict}</Text> : null}
      {test.phase === 'decided' && test.winner !== null ? (
        <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
          {t('The figures of {subject} include the rest of the audience, who got it after the decision; the decision read the copies of the test alone.', {
            subject: subjectName(test.winner),
          })}
        </Text>
      ) : null}
      <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
        {t(
          'Rates are over delivered copies. People’s opens and clicks decide; machine opens (privacy proxies, link scanners) are counted apart and never decide.',
        )}
      </Text>
    </Stack>
  );
}

/**
 * An issue's subject test, asked when `ask` (the issue may have one) and again whenever `refresh`
 * changes: null when it has none, undefined while it loads; a failure only hides it. The setter
 * shows a test as a call answered it.
 */
export function useSubjectTest(issueId: string, ask: boolean, refresh: unknown = null) {
  const [test, setTest] = useState<SubjectTest | null | undefined>(undefined);
  useEffect(() => {
    if (!ask) return;
    let current = true;
    issueApi.subjectTest(issueId).then(
      (answer) => current && setTest(answer),
      () => current && setTest(null),
    );
    return () => {
      current = false;
    };
  }, [issueId, ask, refresh]);
  return [ask ? test : null, setTest] as const;
}

/**
 * An e-mailed issue's subject test under its results (the analytics page, the editor's
 * statistics), asked for an issue with results or one the list says has a test; nothing when it
 * has none.
 */
export function IssueSubjectTest({ issue }: { issue: Pick<Issue, '_id' | 'subjectTest' | 'status' | 'results'> }) {
  const [test] = useSubjectTest(issue._id, issue.subjectTest !== undefined || issue.results !== undefined);
  if (!test) return null;
  return (
    <section aria-label={t('Subject test')} style={{ background: theme.palette.white, borderRadius: 8, padding: 16 }}>
      <Text block variant="mediumPlus" styles={{ root: { fontWeight: 600, marginBottom: 8 } }}>
        {t('Subject test')}
      </Text>
      <SubjectTestResults test={test} status={issue.status} />
    </section>
  );
}
