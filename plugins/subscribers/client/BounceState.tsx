/**
 * What came back from a subscriber's address after the publisher's mail (decision 0034), as the
 * subscribers list shows it under the address: the state and its date, the last answer on hover.
 * Under the address rather than in a column of its own, so the list grows no wider.
 */
import { Text } from '@fluentui/react';
import type { Subscription } from '../../../schemas/generated/entities/subscription';
import { formatDate } from '../../../core/client/format-dates';

export type Bounce = NonNullable<Subscription['bounce']>;

/** The state's words: a hard bounce or a complaint suppresses at once; soft bounces count until the limit. */
export function bounceLabel(bounce: Bounce): string {
  if (bounce.kind === 'complaint') return 'Complained';
  if (bounce.kind === 'hard') return 'Bounced';
  return bounce.suppressed ? 'Bouncing: suppressed' : `Soft bounces: ${bounce.softCount}`;
}

export function BounceState({ bounce }: { bounce: Bounce }) {
  const date = formatDate(new Date(bounce.updatedAt), 'd MMMM');
  return (
    <Text
      block
      variant="small"
      className={bounce.suppressed ? 'subscriber-bounce subscriber-bounce--suppressed' : 'subscriber-bounce'}
      title={bounce.answer || undefined}
      data-bounce={bounce.kind}
    >
      {`${bounceLabel(bounce)} · ${date}`}
    </Text>
  );
}
