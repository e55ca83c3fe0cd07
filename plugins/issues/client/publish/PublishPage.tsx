/**
 * The issue's publish page (spec 001 sections 2 and 4), /issues/edit/{id}/publish: a summary card
 * (From, To, Subject Line, Preview Text, the e-mail's size), the status timeline, Go To Issue once
 * published, the deliveries, and the sections Testing, Publish, Publish as Notification, Publish
 * as E-mail, Cancel and Reschedule, each shown exactly when publishSections says. Before a test
 * or a publication the console checks what the server would refuse (sendingProblems, each a toast
 * 'Error!') and looks for draft stories (the draft-story modal instead of a call). After any
 * publish, cancel or test it asks for the issue again (publishRefetchMs). While the editor version
 * flag says 'publish', only admins publish; the others see why.
 */
import { DefaultButton, Link, MessageBar, MessageBarType, Spinner, SpinnerSize, Stack, Text } from '@fluentui/react';
import { format } from 'date-fns';
import { tr } from 'date-fns/locale';
import { useAtomValue } from 'jotai';
import { HTTPError } from 'ky';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouteLink } from 'wouter';
import { handleError } from '../../../../core/client/errors';
import { useCan } from '../../../../core/client/permissions';
import { editorVersionAtom, userAtom } from '../../../../core/client/stores';
import { theme } from '../../../../core/client/theme';
import { toast } from '../../../../core/client/toasts';
import { constants } from '../../../../core/shared/config';
import type { NewsletterSummary } from '../../../../schemas/generated/entities/newsletter-summary';
import {
  cancelledText,
  draftStoriesBlock,
  isLiveNews,
  publishedText,
  publishPausedText,
  publishSections,
  sendingProblems,
  testSentText,
  timelineOf,
} from '../../publishing';
import type { LiveIssue, LiveState } from '../editor/live-issue';
import { issueApi, type Issue } from '../issue-api';
import { issueEditorPath } from '../issue-paths';
import { DeliveryPanel, type IssueEvents } from './DeliveryPanel';
import { draftStoriesIn, draftStoriesOfRefusal, type DraftStory } from './draft-stories';
import { DraftStoriesModal } from './DraftStoriesModal';
import { EmailSize } from './EmailSize';
import { PublishForm } from './PublishForm';
import type { IssueBuild } from '../../../../schemas/generated/api/issue-build';
import { publishApi, type PublishRequest } from './publish-api';
import { useNow } from './use-now';

export const rescheduleNote = 'A reschedule sends the issue only to the subscribers who did not receive it.';

const timelineDate = (date: Date) => format(date, 'dd MMMM yyyy HH:mm', { locale: tr });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const testOptions = { test: true, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } };

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
      <MessageBar messageBarType={MessageBarType.warning}>{publishPausedText}</MessageBar>
      <RouteLink href={issueEditorPath(issueId)} asChild>
        <Link>Back to issue</Link>
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
  const [busy, setBusy] = useState(false);
  const [drafts, setDrafts] = useState<DraftStory[] | null>(null);

  useEffect(() => {
    let current = true;
    // The spec: a failed newsletter fetch leaves the loader showing, silently.
    publishApi.newsletter(issue.newsletter).then(
      (answer) => current && setNewsletter(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [issue.newsletter]);

  if (!newsletter) return <Spinner size={SpinnerSize.large} label="Loading the publish settings..." styles={{ root: { marginTop: 48 } }} />;

  const liveNews = isLiveNews(newsletter.key);
  const viewer = { admin, liveNews };
  const sections = publishSections(issue.status, viewer);
  const mayPublish = can('issues.publish');
  const testers = newsletter.testers?.length ?? 0;
  const timeline = timelineOf(issue, new Date(), timelineDate);

  /** A refusal: draft stories open the modal, several problems are shown one by one, the rest goes to the shared handler. */
  const showRefusal = async (error: unknown) => {
    if (error instanceof HTTPError && error.response.status === 422) {
      const body = (await error.response
        .clone()
        .json()
        .catch(() => ({}))) as { msg?: string; details?: { message: string; path: unknown }[] };
      const details = body.details ?? [];
      if (body.msg === draftStoriesBlock && details.length > 0) return setDrafts(draftStoriesOfRefusal(details));
      if (details.length > 1) return details.forEach((detail) => toast('error', 'Error!', detail.message));
    }
    await handleError(error);
  };

  /** Runs a publish, cancel or test; then, after a moment, shows the issue as the server has it. */
  const act = async (work: () => Promise<{ msg?: string }>, done: string) => {
    setBusy(true);
    try {
      const answer = await work();
      toast('success', 'Success!', answer.msg ?? done);
      await sleep(constants.issues.publishRefetchMs);
      live.applyPublication(await issueApi.fetch(issue._id));
    } catch (error) {
      await showRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  /** The draft stories the issue holds now (their status may have changed since the editor opened). */
  const findDrafts = async (): Promise<DraftStory[] | null> => {
    setBusy(true);
    try {
      const { stories } = await issueApi.content(issue._id);
      return draftStoriesIn(live.current.issue.channelsNew, stories);
    } catch (error) {
      await handleError(error);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const send = async (request: PublishRequest) => {
    live.flush();
    const problems = sendingProblems(live.current.issue, testers);
    if (problems.length > 0) {
      problems.forEach((problem) => toast('error', 'Error!', problem));
      return;
    }
    if (!request.publishOptions.test) {
      const found = await findDrafts();
      if (!found) return;
      if (found.length > 0) return setDrafts(found);
    }
    await act(() => publishApi.publish(issue._id, request), request.publishOptions.test ? testSentText : publishedText);
  };

  const form = (kind: 'publish' | 'reschedule' | 'email' | 'notification', action: string) => (
    <PublishForm kind={kind} issue={issue} viewer={viewer} action={action} busy={busy} onSubmit={(request) => void send(request)} />
  );

  return (
    <Stack tokens={{ childrenGap: 20 }} styles={{ root: { maxWidth: 760 } }}>
      <SummaryCard issue={issue} newsletter={newsletter} />
      {timeline.length > 0 ? (
        <Section title="Status">
          <ol aria-label="Timeline" style={{ margin: 0, paddingLeft: 20 }}>
            {timeline.map((line) => (
              <li key={line}>
                <Text>{line}</Text>
              </li>
            ))}
          </ol>
          {issue.status.published ? (
            <Link href={`/i/${issue.slug || issue._id}`} target="_blank" rel="noopener noreferrer" styles={{ root: { alignSelf: 'flex-start' } }}>
              Go To Issue
            </Link>
          ) : null}
        </Section>
      ) : null}
      <DeliveryPanel issue={issue} socket={socket} mayRetry={mayPublish} />
      {mayPublish && sections.testing ? (
        <Section title="Testing">
          <Text>{`Sends the issue as it is now to the newsletter's testers (${testers}).`}</Text>
          <DefaultButton
            text="SEND TEST"
            iconProps={{ iconName: 'Send' }}
            disabled={busy}
            onClick={() => void send({ publishOptions: testOptions })}
            styles={{ root: { alignSelf: 'flex-start' } }}
          />
        </Section>
      ) : null}
      {mayPublish && sections.publish ? (
        <Section title="Publish">
          {liveNews ? <Text>Live news goes on its web page only, dated as you pick.</Text> : null}
          {form('publish', 'PUBLISH')}
        </Section>
      ) : null}
      {mayPublish && sections.notification ? (
        <Section title="Publish as Notification">
          <Text>Sends the published issue to the newsletter's app subscribers as a notification.</Text>
          {form('notification', 'SEND AS NOTIFICATION')}
        </Section>
      ) : null}
      {mayPublish && sections.email ? (
        <Section title="Publish as E-mail">
          <Text>Sends the published issue to the newsletter's e-mail subscribers.</Text>
          {form('email', 'SEND AS E-MAIL')}
        </Section>
      ) : null}
      {sections.cancel ? (
        <Section title="Cancel">
          <Text>Stops the publication: what has not been sent yet stays unsent.</Text>
          <DefaultButton
            text="CANCEL"
            iconProps={{ iconName: 'Blocked' }}
            disabled={busy}
            onClick={() => void act(() => publishApi.cancel(issue._id), cancelledText)}
            styles={{ root: { alignSelf: 'flex-start', color: theme.palette.redDark } }}
          />
        </Section>
      ) : null}
      {mayPublish && sections.reschedule ? (
        <Section title="Reschedule">
          <Text>{rescheduleNote}</Text>
          {form('reschedule', 'RESCHEDULE')}
        </Section>
      ) : null}
      {drafts ? <DraftStoriesModal stories={drafts} onDismiss={() => setDrafts(null)} /> : null}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} style={{ background: theme.palette.white, borderRadius: 8, padding: 20 }}>
      <Stack tokens={{ childrenGap: 12 }}>
        <Text as="h2" variant="xLarge" styles={{ root: { fontWeight: 600, margin: 0 } }}>
          {title}
        </Text>
        {children}
      </Stack>
    </section>
  );
}

/** From (and Reply-To), To, Subject Line, Preview Text, and the e-mail's size (built for it, forgotten again when the page closes). */
function SummaryCard({ issue, newsletter }: { issue: Issue; newsletter: NewsletterSummary }) {
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
  const rows: [string, string][] = [
    ['From', built ? `${built.from.name} <${built.from.address}>` : newsletter.title],
    ...(built?.replyTo ? [['Reply-To', built.replyTo] as [string, string]] : []),
    ['To', `${newsletter.stats.subscribers.toLocaleString('tr-TR')} subscribers`],
    ['Subject Line', issue.subject],
    ['Preview Text', issue.preview],
  ];
  return (
    <section aria-label="Summary" style={{ background: theme.palette.white, borderRadius: 8, padding: 20 }}>
      <Stack tokens={{ childrenGap: 8 }}>
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 24px', margin: 0 }}>
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt style={{ color: theme.palette.neutralSecondary }}>{label}</dt>
              <dd style={{ margin: 0, fontWeight: 600 }}>{value || '—'}</dd>
            </div>
          ))}
        </dl>
        {built ? <EmailSize bytes={built.bytes} clipped={built.clipped} /> : null}
      </Stack>
    </section>
  );
}
