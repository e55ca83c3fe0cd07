/**
 * The issue's settings (/issues/edit/{id}/credentials; spec 001 section 2, Issue settings): cover
 * image (2:1), web slug, e-mail subject and preview, app notification title (under 120) and
 * subtitle, featured (admins), premium (admins and directors) and the attached episode. They are
 * live fields like the editor's: everyone in the issue sees them change.
 */
import { Dropdown, Stack, Text, Toggle, TooltipHost } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { call } from '../../../../core/client/api';
import { handleError } from '../../../../core/client/errors';
import { ImageField } from '../../../../core/client/ImageField';
import { useCan } from '../../../../core/client/permissions';
import { formatNumber } from '../../../../core/client/format';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';
import { constants } from '../../../../core/shared/config';
import type { Episode } from '../../../../schemas/generated/entities/episode';
import { episodeEndpoints } from '../../../episodes/endpoints';
import { premiumTooltip } from '../../rules';
import { issueApi } from '../issue-api';
import type { LiveIssue, LiveState } from './live-issue';
import { liveTextFields } from './LiveTextField';

const noEpisode = 'none';

export function IssueSettings({
  live,
  state,
  disabled,
  problem,
}: {
  live: LiveIssue;
  state: LiveState;
  disabled: boolean;
  problem(field: string): string | undefined;
}) {
  const { issue, collaborators } = state;
  const can = useCan();
  const [episodes, setEpisodes] = useState<Episode[]>([]);
  const [featuring, setFeaturing] = useState(false);
  const everPublished = issue.status.published || Boolean(issue.publishedAt);

  useEffect(() => {
    let current = true;
    call(episodeEndpoints.list, { query: { newsletter: issue.newsletter, limit: constants.pageSizes.episodes, sort: 'createdAt', desc: true } }).then(
      ({ data }) => current && setEpisodes(data),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [issue.newsletter]);

  const feature = async (on: boolean) => {
    setFeaturing(true);
    try {
      await issueApi.feature(issue._id, on);
    } catch (error) {
      await handleError(error);
    } finally {
      setFeaturing(false);
    }
  };

  const text = liveTextFields({ live, collaborators, problem, disabled });
  const under = (count: number) => t('Under {count} characters.', { count: formatNumber(count) });

  return (
    <Stack tokens={{ childrenGap: 20 }} styles={{ root: { maxWidth: 720 } }}>
      <ImageField
        label={t('Cover Image')}
        value={issue.image}
        onChange={(path) => live.edit('image', path)}
        recommendedSize={t('2:1, e.g. 1200 x 600 pixels')}
        width={240}
        height={120}
      />
      {text(
        'slug',
        t('Web Slug'),
        issue.slug,
        everPublished ? t('The slug cannot change once the issue is published.') : t('Its public page: {path}', { path: `/i/${issue.slug}` }),
        everPublished,
      )}
      {text('subject', t('E-mail Subject'), issue.subject, under(constants.issues.subjectMax))}
      {text('preview', t('E-mail Preview'), issue.preview, under(constants.issues.previewMax))}
      {text('notification.title', t('Notification Title'), issue.notification.title, under(constants.issues.notificationTitleMax))}
      {text('notification.body', t('Notification Subtitle'), issue.notification.body)}
      {can('issues.feature') ? (
        <Toggle label={t('Featured')} checked={issue.status.featured} disabled={disabled || featuring} onChange={(_event, on) => void feature(Boolean(on))} />
      ) : null}
      <TooltipHost content={t(premiumTooltip)}>
        <Toggle
          label={t('Premium')}
          checked={issue.premium}
          disabled={disabled || !can('issues.premium')}
          onChange={(_event, on) => live.edit('premium', Boolean(on))}
        />
      </TooltipHost>
      <Dropdown
        label={t('Episode')}
        selectedKey={issue.episode ?? noEpisode}
        disabled={disabled}
        options={[{ key: noEpisode, text: t('No episode') }, ...episodes.map((episode) => ({ key: episode._id, text: episode.title }))]}
        onChange={(_event, option) => option && live.edit('episode', option.key === noEpisode ? null : String(option.key))}
      />
      {problem('premium') || problem('episode') || problem('image') ? (
        <Text role="alert" styles={{ root: { color: theme.semanticColors.errorText } }}>
          {problem('premium') ?? problem('episode') ?? problem('image')}
        </Text>
      ) : null}
    </Stack>
  );
}
