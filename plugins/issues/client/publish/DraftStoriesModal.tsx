/**
 * The draft-story warning (spec 001 sections 2 and 4): publishing found draft stories in the
 * issue, so nothing was sent. ACCEPT ALL accepts each (an article without an image is refused
 * with 'Article image is required' and stays listed; the others are accepted all the same);
 * BACK TO ISSUE closes it.
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton, Text } from '@fluentui/react';
import { useState } from 'react';
import { handleError } from '../../../../core/client/errors';
import { useCan } from '../../../../core/client/permissions';
import { toast } from '../../../../core/client/toasts';
import { t } from '../../../../core/client/words';
import { storyApi } from '../../../stories/client/public';
import { draftStoriesBlock } from '../../publishing';
import type { DraftStory } from './draft-stories';

export function DraftStoriesModal({ stories, onDismiss }: { stories: DraftStory[]; onDismiss(): void }) {
  const can = useCan();
  const [left, setLeft] = useState(stories);
  const [busy, setBusy] = useState(false);

  const acceptAll = async () => {
    setBusy(true);
    const refused: DraftStory[] = [];
    for (const story of left) {
      try {
        await storyApi.accept(story._id);
      } catch (error) {
        refused.push(story);
        await handleError(error);
      }
    }
    setBusy(false);
    setLeft(refused);
    if (refused.length === 0) {
      toast('success', 'Success!', 'The stories are accepted. You can publish the issue now.');
      onDismiss();
    }
  };

  return (
    <Dialog
      hidden={false}
      onDismiss={onDismiss}
      dialogContentProps={{ type: DialogType.normal, title: t('This issue has draft stories'), subText: t(draftStoriesBlock) }}
      modalProps={{ isBlocking: busy }}
      minWidth={440}
    >
      <ul aria-label={t('Draft stories')} style={{ margin: 0, paddingLeft: 20 }}>
        {left.map((story) => (
          <li key={story._id}>
            <Text>{story.name}</Text>
          </li>
        ))}
      </ul>
      <DialogFooter>
        <DefaultButton text={t('BACK TO ISSUE')} onClick={onDismiss} disabled={busy} />
        <PrimaryButton text={t('ACCEPT ALL')} onClick={() => void acceptAll()} disabled={busy || !can('stories.accept')} />
      </DialogFooter>
    </Dialog>
  );
}
