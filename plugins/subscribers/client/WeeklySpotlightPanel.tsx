/**
 * The newsletter dashboard's weekly spotlight: subscribers by e-mail and by notification this
 * week, and the change since last week. Shown only when the timeline has more than
 * constants.limits.spotlightMinTimeline weeks (spec section 9); before that, a short note.
 */
import { Link, Spinner, Stack, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { Link as RouteLink } from 'wouter';
import { theme } from '../../../core/client/theme';
import { constants } from '../../../core/shared/config';
import type { Scope } from '../../../schemas/generated/entities/scope';
import { subscriberTimeline, subscribersPath, type TimelinePoint } from './subscribers-api';
import './subscribers.css';

const media = [
  { medium: 'email', label: 'By e-mail' },
  { medium: 'notification', label: 'By notification' },
] as const;

function Figure({ label, points }: { label: string; points: TimelinePoint[] }) {
  const now = points.at(-1)?.value ?? 0;
  const change = now - (points.at(-2)?.value ?? 0);
  return (
    <div className="spotlight-figure" role="group" aria-label={label}>
      <Text block variant="small" styles={{ root: { color: theme.palette.neutralSecondary, textTransform: 'uppercase', fontWeight: 600 } }}>
        {label}
      </Text>
      <Text block variant="xxLarge" styles={{ root: { fontWeight: 700 } }}>
        {now.toLocaleString('tr-TR')}
      </Text>
      <Text block variant="small" styles={{ root: { color: change >= 0 ? theme.palette.green : theme.palette.redDark } }}>
        {`${change >= 0 ? '+' : '−'}${Math.abs(change).toLocaleString('tr-TR')} since last week`}
      </Text>
    </div>
  );
}

export default function WeeklySpotlightPanel({ scope }: { scope: Scope }) {
  const [timeline, setTimeline] = useState<{ data: TimelinePoint[]; count: number } | null>(null);
  useEffect(() => {
    let current = true;
    // A failed statistics call is only logged (spec section 8).
    subscriberTimeline(scope._id).then(
      (answer) => current && setTimeline(answer),
      (error: unknown) => console.warn('subscriber timeline', error),
    );
    return () => {
      current = false;
    };
  }, [scope._id]);

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center">
        <Text as="h2" variant="xLarge" style={{ fontWeight: 600, margin: 0 }}>
          Weekly Spotlight
        </Text>
        <RouteLink href={subscribersPath(scope._id)} asChild>
          <Link>See subscribers</Link>
        </RouteLink>
      </Stack>
      {!timeline ? (
        <Spinner />
      ) : timeline.count > constants.limits.spotlightMinTimeline ? (
        <div className="spotlight-figures">
          {media.map(({ medium, label }) => (
            <Figure key={medium} label={label} points={timeline.data.filter((point) => point.type === 'subscribers' && point.medium === medium)} />
          ))}
        </div>
      ) : (
        <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>
          The spotlight shows once your newsletter has more than {constants.limits.spotlightMinTimeline} weeks of subscribers.
        </Text>
      )}
    </Stack>
  );
}
