/**
 * A subscriber's type as the subscribers list shows it: FREE (the spec's word), or PAID with the
 * plan while the address pays for the newsletter, and 'Payment failed' under it while the payment
 * provider retries a failed payment (the subscriber still reads as a payer meanwhile).
 */
import { Text } from '@fluentui/react';
import { t } from '../../../core/client/words';
import type { Subscription } from '../../../schemas/generated/entities/subscription';

/** The type's words, in the console's language. */
export function typeLabel(subscription: Subscription): string {
  if (subscription.type === 'FREE') return t('FREE');
  if (!subscription.plan) return t('PAID');
  return subscription.plan === 'monthly' ? t('PAID · MONTHLY') : t('PAID · YEARLY');
}

export function SubscriberType({ subscription }: { subscription: Subscription }) {
  return (
    <div className="subscriber-type" data-type={subscription.type}>
      {typeLabel(subscription)}
      {subscription.paymentStatus === 'past_due' ? (
        <Text block variant="small" className="subscriber-payment-failed">
          {t('Payment failed')}
        </Text>
      ) : null}
    </div>
  );
}
