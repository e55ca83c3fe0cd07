/**
 * A subscriber's type as the subscribers list shows it: FREE (the spec's word), or PAID with the
 * plan while the address pays for the newsletter, and 'Payment failed' under it while the payment
 * provider retries a failed payment (the subscriber still reads as a payer meanwhile).
 */
import { Text } from '@fluentui/react';
import type { Subscription } from '../../../schemas/generated/entities/subscription';

const planLabels: Record<NonNullable<Subscription['plan']>, string> = { monthly: 'MONTHLY', yearly: 'YEARLY' };

export function typeLabel(subscription: Subscription): string {
  if (subscription.type === 'FREE') return 'FREE';
  return subscription.plan ? `PAID · ${planLabels[subscription.plan]}` : 'PAID';
}

export function SubscriberType({ subscription }: { subscription: Subscription }) {
  return (
    <div className="subscriber-type" data-type={subscription.type}>
      {typeLabel(subscription)}
      {subscription.paymentStatus === 'past_due' ? (
        <Text block variant="small" className="subscriber-payment-failed">
          Payment failed
        </Text>
      ) : null}
    </div>
  );
}
