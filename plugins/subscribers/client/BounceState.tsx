/**
 * What came back from a subscriber's address after the publisher's mail (decision 0034), as the
 * subscribers list shows it under the address: the state and its date, the last answer on hover.
 * Under the address rather than in a column of its own, so the list grows no wider.
 */
import { Text } from '@fluentui/react';
import type { Subscription } from '../../../schemas/generated/entities/subscription';
import { formatDate } from '../../../core/client/format-dates';
import { formatNumber } from '../../../core/client/format';
import { t } from '../../../core/client/words';

export type Bounce = NonNullable<Subscription['bounce']>;

/** The state's words (the console's language): a hard bounce or a complaint suppresses at once; soft bounces count until the limit. */
export function bounceLabel(bounce: Bounce): string {
  if (bounce.kind === 'complaint') return t('Complained');
  if (bounce.kind === 'hard') return t('Bounced');
  return bounce.suppressed ? t('Bouncing: suppressed') : t('Soft bounces: {count}', { count: formatNumber(bounce.softCount) });
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
