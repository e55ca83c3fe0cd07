/**
 * The issue's publish page (spec 001 sections 2 and 4), /issues/edit/{id}/publish: a summary card
 * (From, To, Subject Line, Preview Text, the e-mail's size), the status timeline, Go To Issue once
 * published, the deliveries, a subject test's state and figures (issue 58), and the sections Testing, Publish, Publish as Notification, Publish
 * as E-mail, Cancel and Reschedule, each shown exactly when publishSections says. Before a test
 * or a publication the console checks what the server would refuse (sendingProblems, each a toast
 * 'Error!'); before it, the checklist shows the same conditions as they stand. A publication then
 * asks the server for the draft stories (the draft-story modal instead of a call) and the
 * recipients, and a confirmation says who it goes to and when (and, with a subject test, how many
 * get each subject line first and the winner later); a cancel is confirmed too. After a
 * send, SEE RESULTS comes first and the reschedule form opens on demand. A publish, cancel or
 * test shows the issue as the call answers it (the state the server told the issue's room), and
 * each later move (the job starting, the send done) comes as the room's 'issue-status', which the
 * live issue applies. While the editor version flag says 'publish', only admins publish; the others see why.
 */
import { DefaultButton, Link, MessageBar, MessageBarType, PrimaryButton, Spinner, SpinnerSize, Stack, Text } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { HTTPError } from 'ky';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link as RouteLink } from 'wouter';
import { handleError } from '../../../../core/client/errors';
import { ConfirmDialog } from '../../../../core/client/page-parts';
import { linkTo } from '../../../../core/client/registry';
import { useCan } from '../../../../core/client/permissions';
import { editorVersionAtom, userAtom } from '../../../../core/client/stores';
import { theme } from '../../../../core/client/theme';
import { toast } from '../../../../core/client/toasts';
import { listen } from '../../../../core/shared/events';
import type { NewsletterSummary } from '../../../../schemas/generated/entities/newsletter-summary';
import { issueRoom } from '../../events';
import {
  cancelledText,
  draftStoriesBlock,
  isLiveNews,
  publishedText,
  publishPausedText,
  publishSections,
  sendingProblems,
  testSentText,
  type PublicationConfirmation,
  type PublishFormKind,
} from '../../publishing';
import type { LiveIssue, LiveState } from '../editor/live-issue';
import type { Issue } from '../issue-api';
import { issueEditorPath } from '../issue-paths';
import { DeliveryPanel, type IssueEvents } from './DeliveryPanel';
import { draftStoriesOfRefusal, type DraftStory } from './draft-stories';
import { DraftStoriesModal } from './DraftStoriesModal';
import { EmailSize } from './EmailSize';
import { PreflightChecklist } from './PreflightChecklist';
import { PublishForm, type PublishPlan } from './PublishForm';
import type { IssueBuild } from '../../../../schemas/generated/api/issue-build';
import type { IssuePreflight } from '../../../../schemas/generated/api/issue-preflight';
import { issueAnalyticsRoute } from '../public';
import { publishApi, type DeliveryProgress } from './publish-api';
import { useNow } from './use-now';
import { formatNumber } from '../../../../core/client/format';
import { formatDate } from '../../../../core/client/format-dates';
import { t } from '../../../../core/client/words';
import { issueServerText, tAs } from '../texts';
import { SubjectTestResults, useSubjectTest } from '../SubjectTestResults';
import { subjectName, testConfirmationWords, type SubjectTest } from '../subject-test-words';
import { subjectTestSplit } from '../../subject-test';
import { cancelWords, publicationWords, timelineWords } from './publish-texts';

/** In English: shown through `t`. */
export const rescheduleNote = 'A reschedule sends the issue only to the subscribers who did not receive it.';

const timelineDate = (date: Date) => formatDate(date, 'dd MMMM yyyy HH:mm');
/** A date in a confirmation: '26 Kasım 14:30'. */
const confirmDate = (date: Date) => formatDate(date, 'd MMMM HH:mm');
const testOptions = { test: true, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } };

/**
 * Whether the issue may have a subject test to show: the list says so, or an e-mail send of it
 * went, is planned or under way, or was cancelled.
 */
const mayHaveSubjectTest = ({ subjectTest, status, mediums }: Issue) =>
  subjectTest !== undefined || status.emailed || (mediums.email && (status.scheduled || status.queued || status.processing || status.cancelled));

/**
 * An effect's call: its answer is kept unless the effect was cleaned up first (what it asked for
 * changed); a failure changes nothing. Answers the effect's cleanup.
 */
function keepQuietly<T>(asked: Promise<T>, keep: (answer: T) => void): () => void {
  let current = true;
  asked.then(
    (answer) => current && keep(answer),
    () => undefined,
  );
  return () => {
    current = false;
  };
}

export interface PublishPageProps {
  live: LiveIssue;
  state: LiveState;
  /** The socket the editor joined the issue's room with: the deliveries follow its events. */
  socket: IssueEvents | undefined;
}

export function PublishPage(props: PublishPageProps) {
  const user = useAtomValue(userAtom);
  const editorVersion = useAtomValue(editorVersionAtom);
  const admin = user?.role.key === 'admin';
  if (editorVersion === 'publish' && !admin) return <PublishPaused issueId={props.state.issue._id} />;
  return <PublishPanel {...props} admin={admin} />;
}

function PublishPaused({ issueId }: { issueId: string }) {
  return (
    <Stack tokens={{ childrenGap: 12 }} horizontalAlign="start" styles={{ root: { maxWidth: 640 } }}>
      <MessageBar messageBarType={MessageBarType.warning}>{t(publishPausedText)}</MessageBar>
      <RouteLink href={issueEditorPath(issueId)} asChild>
        <Link>{t('Back to issue')}</Link>
      </RouteLink>
    </Stack>
  );
}

function PublishPanel({ live, state, socket, admin }: PublishPageProps & { admin: boolean }) {
  const { issue } = state;
  const can = useCan();
  // Drawn again every 10 s, so that 'will be' turns into 'is' soon after the time comes.
  useNow(10_000);
  const [newsletter, setNewsletter] = useState<NewsletterSummary | null>(null);
  const [preflight, setPreflight] = useState<IssuePreflight | null>(null);
  const [busy, setBusy] = useState(false);
  const [drafts, setDrafts] = useState<DraftStory[] | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [rescheduling, setRescheduling] = useState(false);
  const testing = useRef<HTMLElement>(null);
  // The room's 'issue-status' events heard so far (the live issue applies them).
  const statusEvents = useRef(0);
  // The same count, drawn: the server tells the room when a subject test moves on too, and the test is asked again.
  const [statusHeard, setStatusHeard] = useState(0);

  useEffect(() => {
    if (!socket) return;
    return listen(socket, issueRoom, issue._id, (event) => {
      if (event.type !== 'issue-status') return;
      statusEvents.current += 1;
      setStatusHeard(statusEvents.current);
    });
  }, [socket, issue._id]);

  // The spec: a failed newsletter fetch leaves the loader showing, silently.
  useEffect(() => keepQuietly(publishApi.newsletter(issue.newsletter), setNewsletter), [issue.newsletter]);

  // The checklist's draft stories and the confirmation's counts, asked again whenever the issue's state moves on.
  const stage = Object.values(issue.status).join();
  useEffect(() => keepQuietly(publishApi.preflight(issue._id), setPreflight), [issue._id, stage]);
  const [subjectTest, setSubjectTest] = useSubjectTest(issue._id, mayHaveSubjectTest(issue), `${stage}|${statusHeard}`);

  if (!newsletter) return <Spinner size={SpinnerSize.large} label={t('Loading the publish settings...')} styles={{ root: { marginTop: 48 } }} />;

  const liveNews = isLiveNews(newsletter.key);
  const viewer = { admin, liveNews };
  const { status } = issue;
  const sections = publishSections(status, viewer);
  const mayPublish = can('issues.publish');
  const testers = newsletter.testers?.length ?? 0;
  const timeline = timelineWords(issue, new Date(), timelineDate);
  const pending = status.processing || status.queued || status.scheduled;
  const sent = status.published || status.emailed || status.notified;
  const results = sent && !pending && can('statistics.generate') ? linkTo(issueAnalyticsRoute, { issueId: issue._id }) : undefined;

  /** A refusal: draft stories open the modal, several problems are shown one by one, the rest goes to the shared handler. */
  const showRefusal = async (error: unknown) => {
    if (error instanceof HTTPError && error.response.status === 422) {
      const body = (await error.response
        .clone()
        .json()
        .catch(() => ({}))) as { msg?: string; details?: { message: string; path: unknown }[] };
      const details = body.details ?? [];
      if (body.msg === draftStoriesBlock && details.length > 0) return setDrafts(draftStoriesOfRefusal(details));
      if (details.length > 1) return details.forEach((detail) => toast('error', 'Error!', issueServerText(detail.message)));
    }
    await handleError(error);
  };

  /**
   * Runs a publish, cancel or test and shows the issue as it answers. The server tells the room
   * before it answers: when the room spoke meanwhile, it told this change or a later one (the job
   * starting), and the answer is not shown over it.
   */
  const act = async (work: () => Promise<{ data: Issue; msg?: string }>, done: string) => {
    setBusy(true);
    try {
      const heard = statusEvents.current;
      const answer = await work();
      toast('success', 'Success!', issueServerText(answer.msg) ?? done);
      if (statusEvents.current === heard) live.applyPublication(answer.data);
      setRescheduling(false);
    } catch (error) {
      await showRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  /**
   * Asks the server first (fresh counts, draft stories as it finds them); null when it cannot
   * answer. The preflight counts the subscribers who have no copy yet; a send cancelled mid-way
   * left copies unsent (pending), and the next send takes them too, so the counts say so.
   */
  const askPreflight = async (): Promise<IssuePreflight | null> => {
    setBusy(true);
    try {
      const [answer, left] = await Promise.all([publishApi.preflight(issue._id), status.cancelled ? publishApi.deliveries(issue._id) : null]);
      setPreflight(answer);
      if (!left) return answer;
      const { email, notification } = answer.recipients;
      return { ...answer, recipients: { email: email + left.email.pending, notification: notification + left.notification.pending } };
    } catch (error) {
      await handleError(error);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const test = () => {
    live.flush();
    const problems = sendingProblems(live.current.issue, testers);
    if (problems.length > 0) return problems.forEach((problem) => toast('error', 'Error!', problem));
    void act(() => publishApi.publish(issue._id, { publishOptions: testOptions }), testSentText);
  };

  /** A publication: the checks, then the draft stories, then a confirmation that says who it goes to and when. */
  const publish = async (kind: PublishFormKind, plan: PublishPlan) => {
    live.flush();
    const problems = sendingProblems(live.current.issue, testers);
    if (problems.length > 0) return problems.forEach((problem) => toast('error', 'Error!', problem));
    const found = await askPreflight();
    if (!found) return;
    if (found.drafts.length > 0) return setDrafts(found.drafts);
    const words = publicationWords({
      kind,
      options: plan.request.publishOptions,
      liveNews,
      date: plan.date,
      recipients: found.recipients,
      format: confirmDate,
      count: formatNumber,
    });
    // A subject test says how many get each subject line first, and how many the winner after the wait.
    const subjectTest = plan.request.subjectTest;
    const split = subjectTest && subjectTestSplit(found.recipients.email, subjectTest.share, subjectTest.variants.length + 1);
    setConfirming({
      ...words,
      text: subjectTest && split ? `${words.text} ${testConfirmationWords(split, subjectTest.waitMinutes)}` : words.text,
      dismiss: t('BACK'),
      // 'Now' is when it is confirmed, not the minute ahead the picker offered.
      run: () => act(() => publishApi.publish(issue._id, plan.date ? plan.request : { ...plan.request, publishedAt: new Date().toISOString() }), publishedText),
    });
  };

  const cancel = async () => {
    setBusy(true);
    try {
      const progress = status.processing ? await publishApi.deliveries(issue._id) : null;
      const planned = issue.plannedAt ?? issue.publishedAt;
      setConfirming({
        ...cancelWords({
          status,
          plannedAt: planned ? new Date(planned) : null,
          pending: progress ? progress.email.pending + progress.notification.pending : 0,
          format: confirmDate,
          count: formatNumber,
        }),
        dismiss: t('BACK'),
        run: () => act(() => publishApi.cancel(issue._id), cancelledText),
      });
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };

  /**
   * A subject line sent to the rest before the wait ends: it acts on many readers, so it asks
   * first, saying how many (the preflight counts those with no copy yet, who get the winner).
   */
  const pickWinner = async (test: SubjectTest, place: number) => {
    setBusy(true);
    try {
      const { recipients } = await publishApi.preflight(issue._id);
      setConfirming({
        title: t('Send {subject} to the rest?', { subject: subjectName(place) }),
        text: t('The test ends now, before its wait: “{line}” goes to the other {count} e-mail subscribers, whatever the figures say.', {
          line: test.variants[place]?.subject ?? '',
          count: formatNumber(recipients.email),
        }),
        action: t('SEND TO THE REST'),
        dismiss: t('BACK'),
        run: async () => {
          setBusy(true);
          try {
            const answer = await publishApi.pickWinner(issue._id, place);
            setSubjectTest(answer.data);
            toast('success', 'Success!', issueServerText(answer.msg) ?? t('The winner goes to the rest of the audience.'));
          } catch (error) {
            await showRefusal(error);
          } finally {
            setBusy(false);
          }
        },
      });
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };

  const form = (kind: PublishFormKind) => <PublishForm kind={kind} issue={issue} viewer={viewer} busy={busy} onSubmit={(plan) => void publish(kind, plan)} />;

  return (
    <Stack tokens={{ childrenGap: 20 }} styles={{ root: { maxWidth: 760 } }}>
      <SummaryCard issue={issue} newsletter={newsletter} audience={preflight} />
      {timeline.length > 0 ? (
        <Section title={t('Status')}>
          <ol aria-label={t('Timeline')} style={{ margin: 0, paddingLeft: 20 }}>
            {timeline.map((line) => (
              <li key={line}>
                <Text>{line}</Text>
              </li>
            ))}
          </ol>
          {status.published || results ? (
            <Stack horizontal wrap tokens={{ childrenGap: 16 }} verticalAlign="center">
              {results ? (
                <RouteLink href={results} asChild>
                  <PrimaryButton text={t('SEE RESULTS')} iconProps={{ iconName: 'BarChartVertical' }} />
                </RouteLink>
              ) : null}
              {status.published ? (
                <Link href={`/i/${issue.slug || issue._id}`} target="_blank" rel="noopener noreferrer">
                  {t('Go To Issue')}
                </Link>
              ) : null}
            </Stack>
          ) : null}
        </Section>
      ) : null}
      <DeliveryPanel issue={issue} socket={socket} mayRetry={mayPublish} />
      {subjectTest ? (
        <Section title={t('Subject test')}>
          <SubjectTestResults
            test={subjectTest}
            status={status}
            busy={busy}
            // By hand once the issue is being sent: a planned test has nothing to compare yet.
            onPick={mayPublish && status.processing ? (place) => void pickWinner(subjectTest, place) : undefined}
          />
        </Section>
      ) : null}
      {mayPublish && !sent && !pending ? (
        <PreflightChecklist
          issue={issue}
          testers={testers}
          drafts={preflight?.drafts ?? null}
          onTest={() => testing.current?.scrollIntoView({ behavior: 'smooth' })}
        />
      ) : null}
      {mayPublish && sections.testing ? (
        <Section title={t('Testing')} anchor={testing}>
          <Text>{t("Sends the issue as it is now to the newsletter's testers ({count}).", { count: formatNumber(testers) })}</Text>
          <DefaultButton text={t('SEND TEST')} iconProps={{ iconName: 'Send' }} disabled={busy} onClick={test} styles={{ root: { alignSelf: 'flex-start' } }} />
        </Section>
      ) : null}
      {mayPublish && sections.publish ? (
        <Section title={t('Publish')}>
          {liveNews ? <Text>{t('Live news goes on its web page only, dated as you pick.')}</Text> : null}
          {form('publish')}
        </Section>
      ) : null}
      {mayPublish && sections.notification ? (
        <Section title={t('Publish as Notification')}>
          <Text>{t("Sends the published issue to the newsletter's app subscribers as a notification.")}</Text>
          {form('notification')}
        </Section>
      ) : null}
      {mayPublish && sections.email ? (
        <Section title={t('Publish as E-mail')}>
          <Text>{t("Sends the published issue to the newsletter's e-mail subscribers.")}</Text>
          {form('email')}
        </Section>
      ) : null}
      {/* 'Cancel' and 'CANCEL' here stop a publication: other parts' 'Cancel' closes a dialog, and is worded so. */}
      {sections.cancel ? (
        <Section title={tAs('Cancel', 'Cancel the publication')}>
          <Text>{t('Stops the publication: what has not been sent yet stays unsent.')}</Text>
          <DefaultButton
            text={tAs('CANCEL', 'CANCEL PUBLICATION')}
            iconProps={{ iconName: 'Blocked' }}
            disabled={busy}
            onClick={() => void cancel()}
            styles={{ root: { alignSelf: 'flex-start', color: theme.palette.redDark } }}
          />
        </Section>
      ) : null}
      {mayPublish && sections.reschedule ? (
        <Section title={t('Reschedule')}>
          <Text>{t(rescheduleNote)}</Text>
          {/* After a send, the results come first: the form opens on demand. */}
          {sent && !rescheduling ? (
            <DefaultButton text={t('RESCHEDULE...')} onClick={() => setRescheduling(true)} styles={{ root: { alignSelf: 'flex-start' } }} />
          ) : (
            form('reschedule')
          )}
        </Section>
      ) : null}
      {drafts ? (
        <DraftStoriesModal
          stories={drafts}
          onDismiss={() => {
            setDrafts(null);
            void publishApi.preflight(issue._id).then(setPreflight, () => undefined);
          }}
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={confirming.title}
          text={confirming.text}
          action={confirming.action}
          dismiss={confirming.dismiss}
          onDismiss={() => setConfirming(null)}
          onConfirm={async () => {
            setConfirming(null);
            await confirming.run();
          }}
        />
      ) : null}
    </Stack>
  );
}

/** An open confirmation: what it says, and what it runs once confirmed. */
interface Confirming extends PublicationConfirmation {
  dismiss: string;
  run(): Promise<void>;
}

function Section({ title, anchor, children }: { title: string; anchor?: RefObject<HTMLElement | null>; children: ReactNode }) {
  return (
    <section ref={anchor} aria-label={title} style={{ background: theme.palette.white, borderRadius: 8, padding: 20 }}>
      <Stack tokens={{ childrenGap: 12 }}>
        <Text as="h2" variant="xLarge" styles={{ root: { fontWeight: 600, margin: 0 } }}>
          {title}
        </Text>
        {children}
      </Stack>
    </section>
  );
}

/**
 * Who the issue goes to, in the words of the confirmation: the audience of a send (issue 55, one
 * definition: plugins/issues/server/audience.ts), the e-mail recipients after suppression and the
 * app recipients. Before a send, those it would reach now (the preflight); once sent or sending,
 * those its deliveries were made for (the same recipients, counted when the send began). The
 * suppressed addresses are said apart: the newsletter's e-mail subscribers (its home's weekly
 * spotlight) count them, the send does not.
 */
function useRecipients(issue: Issue, audience: IssuePreflight | null): { email: number; app: number; suppressed: number } | null {
  const delivered = issue.status.sent || issue.status.emailed || issue.status.notified || issue.status.processing || issue.status.cancelled;
  const [deliveries, setDeliveries] = useState<DeliveryProgress | null>(null);
  const stage = Object.values(issue.status).join();
  useEffect(() => (delivered ? keepQuietly(publishApi.deliveries(issue._id), setDeliveries) : undefined), [issue._id, delivered, stage]);
  if (delivered) return deliveries && { email: deliveries.email.total, app: deliveries.notification.total, suppressed: 0 };
  return audience && { email: audience.recipients.email, app: audience.recipients.notification, suppressed: audience.suppressed };
}

/** From (and Reply-To), To, Subject Line, Preview Text, and the e-mail's size (built for it, forgotten again when the page closes). */
function SummaryCard({ issue, newsletter, audience }: { issue: Issue; newsletter: NewsletterSummary; audience: IssuePreflight | null }) {
  const [built, setBuilt] = useState<Pick<IssueBuild, 'bytes' | 'clipped' | 'from' | 'replyTo'> | null>(null);
  const published = useRef(issue.status.published);
  published.current = issue.status.published;
  const processing = issue.status.processing;

  useEffect(() => {
    if (processing) return;
    let current = true;
    const built = publishApi.build(issue._id).then(
      ({ bytes, clipped, from, replyTo }) => current && setBuilt({ bytes, clipped, from, replyTo }),
      () => undefined,
    );
    return () => {
      current = false;
      if (!published.current) void built.then(() => publishApi.dropBuild(issue._id)).catch(() => undefined);
    };
  }, [issue._id, processing]);

  // The newsletter's sender as the e-mail will carry it, once built.
  const recipients = useRecipients(issue, audience);
  const to = recipients ? t('{email} e-mail and {app} app subscribers', { email: formatNumber(recipients.email), app: formatNumber(recipients.app) }) : '…';
  const rows: [string, string][] = [
    [t('From'), built ? `${built.from.name} <${built.from.address}>` : newsletter.title],
    ...(built?.replyTo ? [[t('Reply-To'), built.replyTo] as [string, string]] : []),
    [t('To'), to],
    [t('Subject Line'), issue.subject],
    [t('Preview Text'), issue.preview],
  ];
  return (
    <section aria-label={t('Summary')} style={{ background: theme.palette.white, borderRadius: 8, padding: 20 }}>
      <Stack tokens={{ childrenGap: 8 }}>
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: '8px 24px', margin: 0 }}>
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt style={{ color: theme.palette.neutralSecondary }}>{label}</dt>
              <dd style={{ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>{value || '—'}</dd>
            </div>
          ))}
        </dl>
        {recipients?.suppressed ? (
          <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
            {t(
              recipients.suppressed === 1
                ? '{count} suppressed e-mail address is left out: the newsletter counts it among its e-mail subscribers, the send does not.'
                : '{count} suppressed e-mail addresses are left out: the newsletter counts them among its e-mail subscribers, the send does not.',
              { count: formatNumber(recipients.suppressed) },
            )}
          </Text>
        ) : null}
        {built ? <EmailSize bytes={built.bytes} clipped={built.clipped} /> : null}
      </Stack>
    </section>
  );
}
