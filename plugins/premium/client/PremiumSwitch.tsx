/**
 * The story settings' premium switch (spec 001 section 2), which this plugin provides for the
 * stories plugin's `storyPremiumSwitchRef`. It shows what the premium-story service says of the
 * story (read when it opens, and again when the story's flag changes in another session) and
 * changes it there: added the first time, set while the service has a record, removed to turn it
 * off. It never shows a state the service did not confirm: a change that fails goes back and the
 * toast says why (spec 002 section 8).
 */
import { Toggle } from '@fluentui/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { handleError } from '../../../core/client/errors';
import { Can } from '../../../core/client/permissions';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import type { StoryPremiumSwitchProps } from '../../stories/client/public';
import { premiumMessages } from '../messages';
import { PremiumError, premiumApi, type PremiumCandidate, type PremiumState } from './premium-api';

export default function PremiumSwitch(props: StoryPremiumSwitchProps) {
  return (
    <Can requires="premium.manage">
      <PremiumToggle {...props} />
    </Can>
  );
}

/** The service's call for turning the switch `on` from `state`. */
function premiumChange(story: PremiumCandidate, state: PremiumState, on: boolean) {
  if (!on) return premiumApi.remove(story);
  return state.recorded ? premiumApi.update(story, true) : premiumApi.add(story);
}

/** A story the service holds no record of (one not saved yet has none). */
const unrecorded: PremiumState = { recorded: false, isPremium: false };

function PremiumToggle({ story, disabled }: StoryPremiumSwitchProps) {
  const storyId = story._id;
  // What the service said, with the story it was said of.
  const [known, setKnown] = useState<{ storyId: string; state: PremiumState } | null>(null);
  // The position asked for while the service has not answered yet.
  const [pending, setPending] = useState<boolean | null>(null);
  // Each read and change takes a number: a read's answer is kept only when nothing began after it.
  const latest = useRef(0);
  const state = storyId && known?.storyId === storyId ? known.state : null;
  // The story and what the service said as the screen shows them, for a change: Fluent's Toggle
  // calls the onChange of a render before its effects ran (it keeps it in a ref set in an effect),
  // so a click right after the switch is enabled would otherwise change from the state before
  // the service's answer (a first marking instead of a change of the record). A layout effect has
  // run before any click on what was drawn.
  const shown = useRef({ story, state });
  useLayoutEffect(() => {
    shown.current = { story, state };
  });

  // Read when the switch opens, and again when the story's own flag moves (another session set it).
  useEffect(() => {
    if (!storyId) return;
    const turn = ++latest.current;
    premiumApi.state(storyId).then(
      (answer) => {
        if (turn === latest.current) setKnown({ storyId, state: answer });
      },
      (error: unknown) => {
        if (turn === latest.current) void handleError(error);
      },
    );
  }, [storyId, story.isPremium]);

  const change = async (on: boolean) => {
    const { story, state } = shown.current;
    // A read begun earlier may answer with the state before this change: it is not kept.
    ++latest.current;
    setPending(on);
    try {
      const answer = await premiumChange(story, state ?? unrecorded, on);
      if (story._id) setKnown({ storyId: story._id, state: { recorded: on, isPremium: on } });
      if (answer.msg) toast('success', answer.msg);
    } catch (error) {
      toast('error', 'Error!', error instanceof PremiumError ? error.message : premiumMessages.updateFailed);
    } finally {
      // Back to what the service last said: the new position if it took it, the old one if not.
      setPending(null);
    }
  };

  return (
    <Toggle
      label={t('Premium')}
      // Until the service answers, the story's own flag, which cannot be changed yet.
      checked={pending ?? state?.isPremium ?? story.isPremium}
      disabled={disabled || pending !== null || Boolean(storyId && !state)}
      onChange={(_event, on) => void change(Boolean(on))}
    />
  );
}
