/**
 * The story editor (spec 001 section 2): /stories/create/{newsletterId}/{type} starts a new story,
 * /stories/edit/{storyId}/{page?} opens one (page 'publish' is the Publish tab). One route serves
 * both, so when the new story is first saved the address becomes /stories/edit/{id} without the
 * page starting again. The top bar holds Back to Dashboard, Preview, the Edit and Publish tabs and
 * the save indicator; the editor greys out without a live connection.
 */
import { CommandButton, DefaultButton, MessageBar, MessageBarType, Pivot, PivotItem, PrimaryButton, Spinner, SpinnerSize, Stack, Text } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Redirect, useLocation, useParams } from 'wouter';
import { useNarrow } from '../../../core/client/layout/narrow';
import { useCan } from '../../../core/client/permissions';
import { ConnectionOverlay } from '../../../core/client/socket';
import { scopesAtom } from '../../../core/client/stores';
import { toast } from '../../../core/client/toasts';
import { badges, constants } from '../../../core/shared/config';
import { ConfirmEditDialog } from './open-story';
import { allows, runAction, useActor, verdictOn } from './story-actions';
import { storyApi, type PenName, type Story, type StoryFormData } from './story-api';
import { fieldLabels, type DraftFields, type DraftState } from './story-draft';
import { StoryEditForm } from './StoryEditForm';
import { StoryPreview } from './StoryPreview';
import { StoryPublishPanel } from './StoryPublishPanel';
import { StorySettingsPanel } from './StorySettingsPanel';
import { useStoryEditor, type StoryEditor } from './use-story-editor';
import { t, tMaybe } from '../../../core/client/words';
import './story-editor.css';

type Start = { story: Story } | { newsletter: string; type: Story['type']; fields: Partial<DraftFields> };

interface Loaded {
  start: Start;
  form: StoryFormData;
}

/** In English: shown through `t`. */
const loadingTexts = {
  existing: ['Fetching the story.', 'Initializing the story.', 'Story fetched successfully.'],
  created: ['Creating a new story.', 'Story created successfully.'],
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newsletterOf = (start: Start) => ('story' in start ? start.story.newsletter : start.newsletter);

export default function StoryEditorPage() {
  const { mode, first, second } = useParams<{ mode: string; first: string; second?: string }>();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [, navigate] = useLocation();
  const valid = (mode === 'edit' && first) || (mode === 'create' && first && (second === 'bullet' || second === 'article'));

  useEffect(() => {
    if (!valid) return;
    // The address of a story this page just created changes; the page goes on with it.
    if (mode === 'edit' && loaded && 'story' in loaded.start && loaded.start.story._id === first) return;
    if (mode === 'edit' && loaded && !('story' in loaded.start)) return;
    let live = true;
    const load = async () => {
      try {
        if (mode === 'edit') {
          setMessage(loadingTexts.existing[0]!);
          const { body, data } = await storyApi.form(first);
          if (!live) return;
          setMessage(loadingTexts.existing[1]!);
          const next: Loaded = { start: { story: body }, form: data };
          setMessage(loadingTexts.existing[2]!);
          await sleep(constants.stories.loadingReadyMs);
          if (live) setLoaded(next);
        } else {
          setMessage(loadingTexts.created[0]!);
          const { body, data } = await storyApi.template(first, second as Story['type']);
          if (!live) return;
          setMessage(loadingTexts.created[1]!);
          await sleep(constants.stories.loadingReadyMs);
          if (live) setLoaded({ start: { newsletter: body.newsletter, type: body.type, fields: { body: body.body.html, writer: body.writer } }, form: data });
        }
      } catch {
        if (live) setFailed(true);
      }
    };
    void load();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one load per address (mode and ids); later changes are the editor's own
  }, [mode, first, second]);

  if (!valid) return <Redirect to="/" replace />;
  if (failed) {
    return (
      <Stack horizontalAlign="center" verticalAlign="center" tokens={{ childrenGap: 16 }} styles={{ root: { minHeight: '100vh' } }}>
        <Text variant="xLarge">{t('An error occurred.')}</Text>
        <PrimaryButton text={t('Go Console')} onClick={() => navigate('/')} />
      </Stack>
    );
  }
  if (!loaded) {
    return (
      <Stack horizontalAlign="center" verticalAlign="center" styles={{ root: { minHeight: '100vh' } }}>
        <Spinner size={SpinnerSize.large} label={t(message ?? loadingTexts.existing[0]!)} ariaLive="polite" />
      </Stack>
    );
  }
  return (
    <Editor
      key={'story' in loaded.start ? loaded.start.story._id : 'new'}
      loaded={loaded}
      page={mode === 'edit' && second === 'publish' ? 'publish' : 'edit'}
    />
  );
}

function Editor({ loaded, page }: { loaded: Loaded; page: 'edit' | 'publish' }) {
  const [, navigate] = useLocation();
  const scopes = useAtomValue(scopesAtom);
  const can = useCan();
  const actor = useActor();
  const [authors, setAuthors] = useState<PenName[]>(loaded.form.authors);
  const [previewing, setPreviewing] = useState(false);
  const [confirmingEdit, setConfirmingEdit] = useState<((ok: boolean) => void) | null>(null);
  const editor = useStoryEditor(loaded.start, {
    onCreated: (story) => navigate(`/stories/edit/${story._id}`, { replace: true }),
    onDeleted: () => {
      toast('info', 'The story was deleted.', 'Someone else deleted this story while it was open.');
      navigate(`/newsletters/show/${newsletterOf(loaded.start)}/stories`);
    },
  });
  const { state, draft, connected } = editor;
  const { story, type, fields } = state;
  const newsletterTitle = scopes.find((scope) => scope._id === state.newsletter)?.title ?? '';
  const editable = connected && !state.conflict && (!story || (story.status.draft && allows('edit', story, actor)));

  /** Takes a story that is not a draft back to draft (asking first when it is published). */
  const ensureDraft = async (): Promise<boolean> => {
    if (!story || story.status.draft) return true;
    if (story.status.published && !(await new Promise<boolean>((resolve) => setConfirmingEdit(() => resolve)))) return false;
    return Boolean(await runAction(draft, 'draft'));
  };

  const tab = (key: 'edit' | 'publish') => {
    if (story) navigate(key === 'publish' ? `/stories/edit/${story._id}/publish` : `/stories/edit/${story._id}`);
  };

  const statusKey = !story
    ? 'draft'
    : story.status.scheduled
      ? 'scheduled'
      : story.status.draft
        ? 'draft'
        : story.status.published
          ? 'published'
          : story.status.accepted
            ? 'accepted'
            : 'ready';
  // The sheet's outline tells the status at a glance (spec 002 section 4, Editor shell), in its badge's colour.
  const sheetStyle = { boxShadow: `0 0 0 2px ${badges.story.statuses[statusKey]?.color}` };
  const draftVerdict = story && !story.status.draft ? verdictOn('draft', story, actor) : null;
  const narrow = useNarrow();

  return (
    <div className="story-editor-page">
      <header className="story-editor-top">
        <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 8 }}>
          {/* On a phone the two are their icons, named for screen readers and on hover. */}
          <CommandButton
            iconProps={{ iconName: 'Back' }}
            text={narrow ? undefined : t('Back to Dashboard')}
            ariaLabel={t('Back to Dashboard')}
            title={narrow ? t('Back to Dashboard') : undefined}
            onClick={() => navigate(`/newsletters/show/${state.newsletter}`)}
          />
          {type === 'article' ? (
            <CommandButton
              iconProps={{ iconName: 'Preview' }}
              text={narrow ? undefined : t('Preview')}
              ariaLabel={t('Preview')}
              title={narrow ? t('Preview') : undefined}
              disabled={!story}
              onClick={() => setPreviewing(true)}
            />
          ) : null}
        </Stack>
        <Pivot selectedKey={page} onLinkClick={(item) => item && tab(item.props.itemKey as 'edit' | 'publish')} aria-label={t('Story tabs')} headersOnly>
          <PivotItem headerText={t('Edit')} itemKey="edit" />
          <PivotItem headerText={t('Publish')} itemKey="publish" headerButtonProps={{ disabled: !story }} />
        </Pivot>
        <SaveIndicator editor={editor} />
      </header>
      <main className="story-editor-main">
        {state.conflict ? <ConflictBar editor={editor} /> : null}
        {state.remoteEditor ? (
          <MessageBar messageBarType={MessageBarType.info}>{t('{name} is editing this story.', { name: state.remoteEditor })}</MessageBar>
        ) : null}
        {story && !story.status.draft && page === 'edit' ? (
          <MessageBar
            messageBarType={MessageBarType.warning}
            actions={draftVerdict?.ok ? <DefaultButton text={t('EDIT')} iconProps={{ iconName: 'Edit' }} onClick={() => void ensureDraft()} /> : undefined}
          >
            {draftVerdict?.ok
              ? t('This story is not a draft. Editing moves it back to draft.')
              : actor.role === 'author' && !story.status.scheduled
                ? t('You cannot edit this story until an editor drafts or publishes it.')
                : draftVerdict && !draftVerdict.ok
                  ? t(draftVerdict.message)
                  : ''}
          </MessageBar>
        ) : null}
        {page === 'publish' && story ? (
          <div className="story-sheet" style={sheetStyle}>
            <StoryPublishPanel editor={editor} newsletterTitle={newsletterTitle} />
          </div>
        ) : (
          <div className="story-columns">
            <div className="story-sheet" style={sheetStyle}>
              <StoryEditForm editor={editor} authors={authors} onAuthorsChange={setAuthors} editable={editable} mayAddPenName={can('stories.update')} />
            </div>
            <aside className="story-sheet story-aside">
              <StorySettingsPanel editor={editor} tags={loaded.form.tags} interests={loaded.form.interests} editable={editable} ensureDraft={ensureDraft} />
            </aside>
          </div>
        )}
        <ConnectionOverlay />
      </main>
      {previewing ? (
        <StoryPreview
          fields={fields}
          writer={authors.find((author) => author._id === fields.writer)?.name ?? ''}
          newsletter={newsletterTitle}
          onDismiss={() => setPreviewing(false)}
        />
      ) : null}
      {confirmingEdit ? (
        <ConfirmEditDialog
          onDismiss={() => {
            confirmingEdit(false);
            setConfirmingEdit(null);
          }}
          onConfirm={async () => {
            confirmingEdit(true);
            setConfirmingEdit(null);
          }}
        />
      ) : null}
    </div>
  );
}

/** Saving / Saved / Not Saved, the 'Required: ...' texts, and why a save failed. */
function SaveIndicator({ editor }: { editor: StoryEditor }) {
  const { saveState, saveError, missing, edited, story } = editor.state;
  let label = '';
  if (saveState === 'saving') label = 'Saving';
  else if (saveState === 'error') label = 'Not Saved';
  else if (edited && story && !story.status.draft) label = '';
  else if (edited || missing.length > 0) label = 'Not Saved';
  else if (saveState === 'saved') label = 'Saved';
  // The server's reason and rules.ts' 'Required: ...' texts come in English.
  const problem = saveState === 'error' ? tMaybe(saveError ?? undefined) : missing.length > 0 ? missing.map((text) => t(text)).join(' · ') : null;
  return (
    <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 12 }} className="story-save-indicator">
      {problem ? (
        <Text className="story-save-error" role="alert" variant="small">
          {problem}
        </Text>
      ) : null}
      <Text role="status" aria-label={t('Save status')} variant="medium" styles={{ root: { fontWeight: 600 } }}>
        <span className={`save-dot ${label === 'Saved' ? 'saved' : label === 'Saving' ? 'saving' : 'unsaved'}`} aria-hidden />
        {label ? t(label) : null}
      </Text>
    </Stack>
  );
}

/** Someone else changed what this session changed too: the writer chooses, nothing is overwritten meanwhile. */
function ConflictBar({ editor }: { editor: StoryEditor }) {
  const { draft, state } = editor;
  const [busy, setBusy] = useState(false);
  const resolve = async (keep: 'mine' | 'theirs') => {
    setBusy(true);
    try {
      const latest = state.conflict?.theirs ?? (state.story ? await storyApi.fetch(state.story._id) : null);
      const patch = draft.resolveConflict(keep, latest);
      if (patch.body !== undefined) editor.setBody(patch.body);
    } finally {
      setBusy(false);
    }
  };
  return (
    <MessageBar
      messageBarType={MessageBarType.severeWarning}
      isMultiline
      actions={
        <Stack horizontal tokens={{ childrenGap: 8 }}>
          <DefaultButton text={t('KEEP MINE')} disabled={busy} onClick={() => void resolve('mine')} />
          <DefaultButton text={t('LOAD THEIRS')} disabled={busy} onClick={() => void resolve('theirs')} />
        </Stack>
      }
    >
      {state.conflict ? conflictText(state.conflict) : null}
    </MessageBar>
  );
}

/**
 * A conflict in the console's language: the server's reason for a refused save (a text it may
 * have words for), or the draft's own sentence around the fields' names.
 */
function conflictText(conflict: NonNullable<DraftState['conflict']>): string {
  const fields = conflict.fields.map((name) => t(fieldLabels[name])).join(', ');
  if (conflict.origin === 'saved') return t('Someone else saved a different {fields} while you were editing. Choose which version to keep.', { fields });
  if (conflict.origin === 'restored')
    return t('Your unsaved {fields} from an earlier visit differs from the version saved since. Choose which version to keep.', { fields });
  return t(conflict.message);
}
