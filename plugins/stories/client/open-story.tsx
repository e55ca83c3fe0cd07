/**
 * Opening a story to edit it (spec 001 section 4, Story states): 'Clicking a non-draft,
 * non-scheduled story card turns it back to draft', and a published one asks 'Are you sure you
 * want to edit?' first. A story the user may not take back to draft (an author's submitted
 * story, a scheduled one) opens as it is, read-only, with the reason on top.
 */
import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../../core/client/page-parts';
import { allows, moveStory, useActor } from './story-actions';
import type { Story } from './story-api';
import { t } from '../../../core/client/words';

export const editorPath = (story: Pick<Story, '_id'>) => `/stories/edit/${story._id}`;

/** 'Are you sure you want to edit?', asked before a published story goes back to draft. */
export function ConfirmEditDialog({ onConfirm, onDismiss }: { onConfirm(): Promise<void>; onDismiss(): void }) {
  return (
    <ConfirmDialog title={t('Edit the story?')} text={t('Are you sure you want to edit?')} action={t('EDIT')} onConfirm={onConfirm} onDismiss={onDismiss} />
  );
}

/** `open` takes a story to its editor by the rule above; `dialog` is the question, to render beside the opener. */
export function useStoryOpener(): { open(story: Story): void; dialog: ReactNode } {
  const [, navigate] = useLocation();
  const actor = useActor();
  const [confirming, setConfirming] = useState<Story | null>(null);

  const draftAndOpen = async (story: Story) => {
    if (await moveStory(story, 'draft')) navigate(editorPath(story));
  };
  const open = (story: Story) => {
    if (story.status.draft || !allows('draft', story, actor)) navigate(editorPath(story));
    else if (story.status.published) setConfirming(story);
    else void draftAndOpen(story);
  };

  const dialog = confirming ? (
    <ConfirmEditDialog
      onDismiss={() => setConfirming(null)}
      onConfirm={async () => {
        setConfirming(null);
        await draftAndOpen(confirming);
      }}
    />
  ) : null;
  return { open, dialog };
}
