/**
 * The newsletter dashboard's weekly spotlight: subscribers by e-mail and by notification this
 * week, and the change since last week. Shown only when the timeline has more than
 * constants.limits.spotlightMinTimeline weeks (spec section 9); before that, a short note.
 */
import { Spinner, Stack, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { Figure, Figures } from '../../../core/client/figures';
import { PanelHeader } from '../../../core/client/panel-list';
import { theme } from '../../../core/client/theme';
import { constants } from '../../../core/shared/config';
import type { Scope } from '../../../schemas/generated/entities/scope';
import { subscriberTimeline, subscribersPath, type TimelinePoint } from './subscribers-api';
import { formatNumber } from '../../../core/client/format';
import { t } from '../../../core/client/words';

/** The two figures; their labels in English (shown through `t`). */
const media = [
  { medium: 'email', label: 'By e-mail' },
  { medium: 'notification', label: 'By notification' },
] as const;

function WeekFigure({ label, points }: { label: string; points: TimelinePoint[] }) {
  const now = points.at(-1)?.value ?? 0;
  const change = now - (points.at(-2)?.value ?? 0);
  return (
    <Figure label={label} value={formatNumber(now)}>
      <Text block variant="small" styles={{ root: { color: change >= 0 ? theme.palette.green : theme.palette.redDark } }}>
        {t('{change} since last week', { change: `${change >= 0 ? '+' : '−'}${formatNumber(Math.abs(change))}` })}
      </Text>
    </Figure>
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
      <PanelHeader title={t('Weekly Spotlight')} href={subscribersPath(scope._id)} link={t('See subscribers')} />
      {!timeline ? (
        <Spinner />
      ) : timeline.count > constants.limits.spotlightMinTimeline ? (
        <Figures minWidth={160} tinted>
          {media.map(({ medium, label }) => (
            <WeekFigure key={medium} label={t(label)} points={timeline.data.filter((point) => point.type === 'subscribers' && point.medium === medium)} />
          ))}
        </Figures>
      ) : (
        <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>
          {t('The spotlight shows once your newsletter has more than {count} weeks of subscribers.', {
            count: formatNumber(constants.limits.spotlightMinTimeline),
          })}
        </Text>
      )}
    </Stack>
  );
}
