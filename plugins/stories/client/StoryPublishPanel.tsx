/**
 * The story's Publish tab (spec 001 section 2, Story side panel): the notification preview, the
 * article's link to copy, the schedule (at least half an hour ahead, none for a notification or
 * an admin; earlier times are refused by the picker), send as notification, and PUBLISH,
 * UNPUBLISH, CANCEL SCHEDULE, the admin's CANCEL and DELETE ARTICLE / DELETE BULLET.
 */
import { DefaultButton, MessageBar, MessageBarType, PrimaryButton, Stack, Text, TextField, Toggle, TooltipHost } from '@fluentui/react';
import { addMinutes, format } from 'date-fns';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { DateTimeField, localDateTime } from '../../../core/client/DateTimeField';
import { handleError } from '../../../core/client/errors';
import { StatusBadge } from '../../../core/client/list';
import { ConfirmDialog } from '../../../core/client/page-parts';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { resolveBadge } from '../../../core/shared/badges';
import { constants } from '../../../core/shared/config';
import { leadMinutesFor, publishDateProblem } from '../rules';
import { allows, offers, publishStory, runAction, scheduleDate, useActor } from './story-actions';
import { storyApi } from './story-api';
import type { StoryEditor } from './use-story-editor';
import { formatNumber } from '../../../core/client/format';
import { t } from '../../../core/client/words';

/** The first time offered: now plus a minute (or the lead), seconds zeroed (spec 001 section 5). */
export function defaultPublishDate(lead: number, now = new Date()): Date {
  const at = addMinutes(now, Math.max(constants.stories.scheduleDefaultAheadMinutes, lead));
  at.setSeconds(0, 0);
  return at;
}

/** What takes a story back from where it is: its publication, its schedule (while it has one), or the story itself (texts in English, shown through `t`). */
const statusActions = [
  { action: 'unpublish', text: 'UNPUBLISH', icon: 'UnpublishContent' },
  { action: 'cancelSchedule', text: 'CANCEL SCHEDULE', icon: 'EventDeclined' },
  { action: 'cancel', text: 'CANCEL', icon: 'Blocked' },
] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The admin's CANCEL, which cancels the story: in English the spec's 'CANCEL', in a language that
 * words it apart from a dialog's CANCEL (Turkish: 'İPTAL ET', not 'VAZGEÇ') its own words.
 */
function cancelStoryText(): string {
  const own = t('CANCEL (a story)');
  return own === 'CANCEL (a story)' ? 'CANCEL' : own;
}

/** rules.ts' publishDateProblem in the console's language: its lead time is a number inside the sentence. */
function dateProblemText(problem: string | null, lead: number): string | undefined {
  if (!problem) return undefined;
  if (problem === `Choose a date at least ${lead} minutes from now.`)
    return t('Choose a date at least {count} minutes from now.', { count: formatNumber(lead) });
  return t(problem);
}

export function StoryPublishPanel({ editor, newsletterTitle }: { editor: StoryEditor; newsletterTitle: string }) {
  const { draft, state } = editor;
  const { story, fields, type } = state;
  const actor = useActor();
  const [, navigate] = useLocation();
  const [notify, setNotify] = useState(fields.notify);
  const lead = leadMinutesFor(actor.role, notify);
  const [at, setAt] = useState(() => format(defaultPublishDate(lead), localDateTime));
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!story) return <MessageBar>{t('Write the story first: the publish settings appear once it is saved.')}</MessageBar>;

  const earliest = addMinutes(new Date(), lead);
  const dateProblem = publishDateProblem(at ? new Date(at) : null, lead);
  const link = `${window.location.origin}/s/${story.slug ?? story._id}`;
  const busyWith = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      // The job queue or another session may have moved it on: show the story as it is now.
      await sleep(constants.stories.refetchMs);
      draft.statusChanged(await storyApi.fetch(story._id));
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (story.status.published && allows('unpublish', story, actor)) {
      await storyApi.unpublish(story._id);
      await sleep(constants.stories.deleteDelayMs);
    }
    await storyApi.remove(story._id);
    draft.dispose();
    localStorage.removeItem(`story-draft:${story._id}`);
    toast('success', 'Success!', 'The story is deleted.');
    navigate(`/newsletters/show/${story.newsletter}/stories`);
  };

  return (
    <Stack className="story-publish" tokens={{ childrenGap: 20 }} styles={{ root: { maxWidth: 640 } }}>
      <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 12 }}>
        <Text variant="xLarge" styles={{ root: { fontWeight: 600 } }}>
          {t('Publish')}
        </Text>
        <StatusBadge badge={resolveBadge('story', story.status)} />
      </Stack>
      <div className="notification-preview" aria-label={t('Notification preview')} role="figure">
        <Text variant="small" block styles={{ root: { color: theme.palette.neutralSecondary } }}>
          {`${newsletterTitle} · ${t('now')}`}
        </Text>
        <Text block styles={{ root: { fontWeight: 600 } }}>
          {fields.title || story.body.summary || t('Untitled story')}
        </Text>
        <Text variant="small" block>
          {fields.subtitle || story.body.summary}
        </Text>
      </div>
      {type === 'article' ? (
        <Stack horizontal verticalAlign="end" tokens={{ childrenGap: 8 }}>
          <TextField label={t('Article link')} value={link} readOnly styles={{ root: { flex: 1 } }} />
          <DefaultButton
            text={t('Copy')}
            iconProps={{ iconName: 'Copy' }}
            onClick={() =>
              navigator.clipboard.writeText(link).then(
                () => toast('success', 'Success!', 'The link is copied.'),
                () => toast('error', 'Error!', 'The link could not be copied.'),
              )
            }
          />
        </Stack>
      ) : null}
      {story.status.scheduled && story.publishedAt ? (
        <MessageBar messageBarType={MessageBarType.info}>{t('Scheduled for {date}.', { date: scheduleDate(story.publishedAt) })}</MessageBar>
      ) : null}
      {story.status.published && story.publishedAt ? (
        <MessageBar messageBarType={MessageBarType.success}>{t('Published on {date}.', { date: scheduleDate(story.publishedAt) })}</MessageBar>
      ) : null}
      {offers('publish', story, actor) ? (
        <Stack tokens={{ childrenGap: 12 }}>
          <TooltipHost
            content={lead > 0 ? t('Stories are scheduled at least half an hour into the future.') : t('Notifications and admins may publish right away.')}
          >
            <DateTimeField
              label={t('Publish date')}
              value={at}
              min={earliest}
              onChange={setAt}
              errorMessage={at ? dateProblemText(dateProblem, lead) : undefined}
            />
          </TooltipHost>
          <Toggle label={t('Send as notification')} checked={notify} onChange={(_event, on) => setNotify(Boolean(on))} />
          <PrimaryButton
            text={t('PUBLISH')}
            iconProps={{ iconName: 'PublishContent' }}
            disabled={busy || Boolean(dateProblem)}
            onClick={() => void busyWith(() => publishStory(draft, new Date(at), notify))}
            styles={{ root: { alignSelf: 'flex-start' } }}
          />
        </Stack>
      ) : null}
      <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
        {statusActions
          .filter(({ action }) => allows(action, story, actor) && (action !== 'cancelSchedule' || story.status.scheduled))
          .map(({ action, text, icon }) => (
            <DefaultButton
              key={action}
              text={action === 'cancel' ? cancelStoryText() : t(text)}
              iconProps={{ iconName: icon }}
              disabled={busy}
              onClick={() => void busyWith(() => runAction(draft, action))}
            />
          ))}
        <DefaultButton
          text={type === 'article' ? t('DELETE ARTICLE') : t('DELETE BULLET')}
          iconProps={{ iconName: 'Delete' }}
          disabled={busy || !allows('delete', story, actor)}
          onClick={() => setDeleting(true)}
          styles={{ root: { color: theme.palette.redDark } }}
        />
      </Stack>
      {deleting ? (
        <ConfirmDialog
          title={type === 'article' ? t('Delete the article?') : t('Delete the bullet?')}
          text={story.status.published ? t('It is published: it will be unpublished, then deleted. This cannot be undone.') : t('This cannot be undone.')}
          action={t('DELETE')}
          onDismiss={() => setDeleting(false)}
          onConfirm={remove}
        />
      ) : null}
    </Stack>
  );
}
