/**
 * The issue editor (spec 001 section 2): /issues/edit/{id}/{page}, page edit (default),
 * credentials or publish (publish/PublishPage.tsx). A collapsible sidebar (250 / 50 px) with Back to Dashboard, the pages, the outline
 * and the user; the subject and preview, the statistics, the intro and the channels; a floating
 * panel with 'Saved {time ago}'. Everyone in the issue edits it live (live-issue.ts) and sees who
 * else is there and in which field. Without a connection the editor greys out; an issue being
 * sent is dimmed and disabled; leaving with unsaved changes asks first.
 */
import {
  Facepile,
  IconButton,
  mergeStyleSets,
  MessageBar,
  MessageBarType,
  Persona,
  PersonaSize,
  Pivot,
  PivotItem,
  Spinner,
  SpinnerSize,
  Stack,
  Text,
} from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { narrowScreen, useCompact, useNarrow } from '../../../../core/client/layout/narrow';
import { formatDateTime } from '../../../../core/client/format-dates';
import { StatusBadge } from '../../../../core/client/list';
import { useCan } from '../../../../core/client/permissions';
import { ConnectionOverlay, currentSocket, startSocket } from '../../../../core/client/socket';
import { userAtom } from '../../../../core/client/stores';
import { theme } from '../../../../core/client/theme';
import { toast } from '../../../../core/client/toasts';
import { formatNumber } from '../../../../core/client/format';
import { t } from '../../../../core/client/words';
import { resolveBadge } from '../../../../core/shared/badges';
import { constants } from '../../../../core/shared/config';
import { storyApi } from '../../../stories/client/public';
import { issueApi } from '../issue-api';
import { Channels } from './Channels';
import { IntroEditor } from './IntroEditor';
import { IssueSettings } from './IssueSettings';
import { IssueStatistics } from './IssueStatistics';
import { LiveIssue, type LiveState } from './live-issue';
import { liveTextFields } from './LiveTextField';
import { Outline } from './Outline';
import { SavePanel } from './SavePanel';
import { useLiveState } from './use-live-issue';
import { issueEditorPath } from '../issue-paths';
import { draftStoriesIn } from '../publish/draft-stories';
import { PublishPage } from '../publish/PublishPage';
import { issueServerText } from '../texts';

/** In English: shown through `t`. */
export const leaveQuestion = 'Changes you made may not be saved.';

/** What the others' faces say of the field they are in (in English: shown through `t`). */
const fieldNames: Record<string, string> = {
  subject: 'Subject Line',
  preview: 'Preview Text',
  slug: 'Web Slug',
  'notification.title': 'Notification Title',
  'notification.body': 'Notification Subtitle',
  intro: 'Intro',
};

const classes = mergeStyleSets({
  root: { display: 'flex', minHeight: '100vh', background: theme.palette.neutralLighterAlt },
  sidebar: {
    position: 'sticky',
    top: 0,
    height: '100vh',
    flex: 'none',
    background: theme.palette.white,
    borderRight: `1px solid ${theme.palette.neutralLight}`,
    display: 'flex',
    flexDirection: 'column',
    transition: 'width .15s',
    overflow: 'hidden',
  },
  overlaid: { position: 'fixed', left: 0, zIndex: 25, boxShadow: theme.effects.elevation16 },
  outline: { flex: 1, overflowY: 'auto', padding: '8px 8px 16px' },
  // The bottom padding keeps the floating save panel off the last channel's buttons.
  main: { flex: 1, minWidth: 0, padding: '24px 32px 120px', position: 'relative', [`@media ${narrowScreen}`]: { padding: '16px 12px 160px' } },
  title: { fontWeight: 600, paddingLeft: 8, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  dimmed: { opacity: 0.5, pointerEvents: 'none' },
});

export default function IssueEditorPage() {
  const { issueId, page = 'edit' } = useParams<{ issueId: string; page?: string }>();
  const [, navigate] = useLocation();
  const [live, setLive] = useState<LiveIssue | null>(null);

  useEffect(() => {
    let made: LiveIssue | null = null;
    let current = true;
    Promise.all([issueApi.form(issueId), issueApi.content(issueId)]).then(
      ([issue, content]) => {
        if (!current) return;
        made = new LiveIssue(issue, content.stories, currentSocket() ?? startSocket());
        setLive(made);
      },
      // The spec: a failure to load the issue's content goes back to the start.
      () => current && navigate('/'),
    );
    return () => {
      current = false;
      made?.dispose();
    };
  }, [issueId, navigate]);

  if (!live) return <Spinner size={SpinnerSize.large} label={t('Loading the issue...')} styles={{ root: { marginTop: '30vh' } }} />;
  return <Editor live={live} page={page === 'credentials' || page === 'publish' ? page : 'edit'} />;
}

type EditorPage = 'edit' | 'credentials' | 'publish';

function Editor({ live, page }: { live: LiveIssue; page: EditorPage }) {
  const state = useLiveState(live);
  const { issue } = state;
  const [, navigate] = useLocation();
  const user = useAtomValue(userAtom);
  const can = useCan();
  // On a phone the sidebar starts closed: the page gets the width.
  const narrow = useNarrow();
  const compact = useCompact();
  const [open, setOpen] = useState(!narrow);
  // A window made as narrow as a phone closes it too.
  useEffect(() => {
    if (narrow) setOpen(false);
  }, [narrow]);
  const processing = issue.status.processing;
  const disabled = processing || !can('issues.update');
  const dashboard = `/newsletters/show/${issue.newsletter}`;

  // Leaving with changes the server has not confirmed asks first; whatever is waiting is sent at once.
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      live.flush();
      if (!live.current.unsaved) return;
      event.preventDefault();
      event.returnValue = t(leaveQuestion);
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('pagehide', live.flush);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('pagehide', live.flush);
    };
  }, [live]);

  useEffect(() => {
    if (!state.deleted) return;
    toast('info', 'Issue has been deleted.');
    navigate(`${dashboard}/issues`);
  }, [state.deleted, dashboard, navigate]);

  const backToDashboard = async () => {
    live.flush();
    if (live.current.unsaved && !window.confirm(t(leaveQuestion))) return;
    // A published issue's draft stories go out as they are: ready and accepted first (spec 001 section 2).
    if (issue.status.published) {
      const drafts = draftStoriesIn(issue.channelsNew, state.stories.values());
      await Promise.allSettled(drafts.map((story) => storyApi.accept(story._id)));
    }
    navigate(dashboard);
  };

  // A field's problem in the console's language (most are the server's words).
  const problem = (field: string) => issueServerText(state.problems.find((item) => item.field === field)?.message);
  const text = liveTextFields({ live, collaborators: state.collaborators, problem, disabled });
  const width = open ? constants.issues.sidebarOpen : constants.issues.sidebarClosed;
  // On a phone the open sidebar lies over the page instead of squeezing it; the closed one keeps its place.
  const overlaid = narrow && open;
  // Below a laptop's width there is no room beside the tabs: the panel is a row under them.
  const inlinePanel = compact;
  const savePanel = <SavePanel issue={issue} unsaved={state.unsaved} savedAt={state.savedAt} failed={state.problems.length > 0} inline={inlinePanel} />;

  return (
    <div className={classes.root}>
      {overlaid ? <div style={{ width: constants.issues.sidebarClosed, flex: 'none' }} /> : null}
      <aside className={overlaid ? `${classes.sidebar} ${classes.overlaid}` : classes.sidebar} style={{ width }} aria-label={t('Issue editor')}>
        <Stack horizontal={!open} horizontalAlign={open ? 'space-between' : 'center'} verticalAlign="center" styles={{ root: { padding: 8 } }}>
          {/* The issue as people know it: its subject, or its code name until it has one. */}
          {open ? (
            <Text className={classes.title} title={issue.subject || issue.key}>
              {issue.subject || issue.key}
            </Text>
          ) : null}
          <IconButton
            iconProps={{ iconName: open ? 'DoubleChevronLeft' : 'DoubleChevronRight' }}
            title={open ? t('Close the sidebar') : t('Open the sidebar')}
            ariaLabel={open ? t('Close the sidebar') : t('Open the sidebar')}
            onClick={() => setOpen(!open)}
          />
        </Stack>
        <Stack tokens={{ childrenGap: 2 }} styles={{ root: { padding: '0 8px' } }}>
          <SidebarButton open={open} icon="Back" text={t('Back to Dashboard')} onClick={() => void backToDashboard()} />
        </Stack>
        {open ? (
          <div className={classes.outline}>
            <Outline
              channels={issue.channelsNew}
              stories={state.stories}
              canMoveStories={can('stories.move') && !disabled}
              canMoveChannels={can('issues.update') && !disabled}
              onOp={(op) => void live.channelOp(op)}
            />
          </div>
        ) : (
          <div style={{ flex: 1 }} />
        )}
        <div style={{ padding: 8, borderTop: `1px solid ${theme.palette.neutralLight}` }}>
          <Persona imageUrl={user?.profile.image || undefined} text={user?.profile.name || user?.email} size={PersonaSize.size32} hidePersonaDetails={!open} />
        </div>
      </aside>
      <main className={classes.main}>
        {/* Wider, it floats at the top right, beside the tabs: it stays in view as the page scrolls, and lies over no field where the page starts. */}
        {inlinePanel ? null : savePanel}
        {/* Its own formatting context: beside the floating panel, never under it. */}
        <Stack
          horizontal
          verticalAlign="center"
          horizontalAlign="space-between"
          wrap
          tokens={{ childrenGap: 16 }}
          styles={{ root: { marginBottom: 16, display: 'flow-root' } }}
        >
          <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 12 }}>
            <StatusBadge badge={resolveBadge('issue', issue.status)} />
            <Pivot selectedKey={page} onLinkClick={(item) => item && navigate(issueEditorPath(issue._id, item.props.itemKey as EditorPage))} headersOnly>
              <PivotItem itemKey="edit" headerText={t('Edit')} />
              <PivotItem itemKey="credentials" headerText={t('Settings')} />
              <PivotItem itemKey="publish" headerText={t('Publish')} />
            </Pivot>
          </Stack>
          <Collaborators state={state} />
        </Stack>
        {/* On a phone or a tablet the panel is a row of the page, never over what is written. */}
        {inlinePanel ? savePanel : null}
        {processing ? <MessageBar messageBarType={MessageBarType.warning}>{t('The issue is being sent; it cannot change now.')}</MessageBar> : null}
        {/* A sent issue does not look like a draft: what a change now reaches is said before it is made. */}
        {!processing && page !== 'publish' && issue.status.emailed ? (
          <MessageBar messageBarType={MessageBarType.info} styles={{ root: { marginBottom: 16 } }}>
            {t('This issue went out by e-mail on {date}. Changes you make now show on its web page only.', { date: formatDateTime(issue.emailedAt) })}
          </MessageBar>
        ) : !processing && page !== 'publish' && issue.status.published ? (
          <MessageBar messageBarType={MessageBarType.info} styles={{ root: { marginBottom: 16 } }}>
            {t('This issue is published. Changes you make now show on its web page at once.')}
          </MessageBar>
        ) : null}
        {/* The publish page stays usable while the issue is sent: its progress, CANCEL and the retries. */}
        {page === 'publish' ? (
          <PublishPage live={live} state={state} socket={currentSocket()} />
        ) : (
          <div className={processing ? classes.dimmed : undefined} aria-disabled={processing || undefined}>
            {page === 'credentials' ? (
              <IssueSettings live={live} state={state} disabled={disabled} problem={problem} />
            ) : (
              <Stack tokens={{ childrenGap: 20 }}>
                {text('subject', t('Subject Line'), issue.subject, t('Under {count} characters.', { count: formatNumber(constants.issues.subjectMax) }))}
                {text('preview', t('Preview Text'), issue.preview, t('Under {count} characters.', { count: formatNumber(constants.issues.previewMax) }))}
                <IssueStatistics issue={issue} stories={state.stories} />
                <IntroEditor
                  live={live}
                  html={issue.intro.html}
                  published={issue.status.published}
                  collaborators={state.collaborators}
                  disabled={disabled}
                  problem={problem('intro')}
                  writing={state.writingIntro}
                  writer={state.introWriter}
                />
                {problem('channels') ? (
                  <MessageBar messageBarType={MessageBarType.error} onDismiss={() => undefined}>
                    {problem('channels')}
                  </MessageBar>
                ) : null}
                <Channels
                  live={live}
                  newsletter={issue.newsletter}
                  channels={issue.channelsNew}
                  stories={state.stories}
                  creating={state.creating}
                  disabled={disabled}
                />
              </Stack>
            )}
          </div>
        )}
        <ConnectionOverlay />
      </main>
    </div>
  );
}

function SidebarButton({ open, icon, text, onClick }: { open: boolean; icon: string; text: string; onClick(): void }) {
  return open ? (
    <Stack horizontal verticalAlign="center">
      <IconButton iconProps={{ iconName: icon }} ariaLabel={text} onClick={onClick} />
      <Text onClick={onClick} styles={{ root: { cursor: 'pointer' } }}>
        {text}
      </Text>
    </Stack>
  ) : (
    <IconButton iconProps={{ iconName: icon }} title={text} ariaLabel={text} onClick={onClick} />
  );
}

/** Who else is in the issue: a facepile, each face named with the field they are in. */
function Collaborators({ state }: { state: LiveState }) {
  const people = state.collaborators;
  if (people.length === 0) return null;
  return (
    <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 8 }} data-testid="collaborators">
      <Facepile
        personas={people.map((person) => ({
          personaName: person.field ? `${person.name} (${t(fieldNames[person.field] ?? person.field)})` : person.name,
          imageUrl: person.image || undefined,
        }))}
        maxDisplayablePersonas={5}
      />
      <Text variant="small" styles={{ root: { color: theme.semanticColors.bodySubtext } }}>
        {people.length === 1 ? t('{name} is here', { name: people[0]!.name }) : t('{count} others are here', { count: formatNumber(people.length) })}
      </Text>
    </Stack>
  );
}
