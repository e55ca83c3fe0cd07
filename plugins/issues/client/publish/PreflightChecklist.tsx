/**
 * The pre-flight checklist of the publish page: each condition publishing checks (spec 001 section
 * 4), ticked or with the spec's message and a link to where it is fixed. The field conditions come
 * from sendingChecks, the function the server refuses with, applied to the issue as it is typed;
 * the draft stories are those the server's publish call would find (GET /issues/preflight/{id});
 * 'Tested' is the issue's own status.
 */
import { FontIcon, Link, Stack, Text } from '@fluentui/react';
import type { ReactNode } from 'react';
import { Link as RouteLink } from 'wouter';
import { useCan } from '../../../../core/client/permissions';
import { linkTo } from '../../../../core/client/registry';
import { formatNumber } from '../../../../core/client/format';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';
import { newsletterSettingsRoute } from '../../../settings/client/public';
import { draftStoriesBlock, notTestedText, sendingChecks } from '../../publishing';
import type { Issue } from '../issue-api';
import { issueEditorPath, issueStoryPath } from '../issue-paths';
import type { DraftStory } from './draft-stories';

export interface PreflightChecklistProps {
  issue: Issue;
  testers: number;
  /** null while they are asked for. */
  drafts: DraftStory[] | null;
  /** Takes the reader to the Testing section. */
  onTest(): void;
}

interface Item {
  id: string;
  label: string;
  ok: boolean;
  /** What is missing, and where to fix it. */
  problem: ReactNode;
}

export function PreflightChecklist({ issue, testers, drafts, onTest }: PreflightChecklistProps) {
  const settingsPath = issueEditorPath(issue._id, 'credentials');
  const can = useCan();
  const newsletterSettings = can('newsletters.update') ? linkTo(newsletterSettingsRoute, { newsletterId: issue.newsletter }) : undefined;
  const items: Item[] = [
    ...sendingChecks(issue, testers).map((check) => ({
      id: check.id,
      label: t(check.label),
      ok: check.ok,
      problem:
        check.id === 'testers' ? (
          <Fix text={t(check.message)} path={newsletterSettings} link={t('Open the newsletter settings')} />
        ) : (
          <Fix text={t(check.message)} path={settingsPath} link={t('Open the issue settings')} />
        ),
    })),
    {
      id: 'drafts',
      label: t('Stories accepted'),
      ok: drafts !== null && drafts.length === 0,
      problem:
        drafts === null ? (
          <Text variant="small">{t('Looking for draft stories...')}</Text>
        ) : (
          // The link leads to the first draft story's card, focused, not to the top of the Edit tab.
          <Fix
            text={`${t(draftStoriesBlock)} ${drafts.map((story) => story.name).join(', ')}`}
            path={drafts[0] ? issueStoryPath(issue._id, drafts[0]._id) : issueEditorPath(issue._id)}
            link={t('Open the issue')}
          />
        ),
    },
    {
      id: 'tested',
      label: t('Tested'),
      ok: issue.status.tested,
      problem: (
        <Stack tokens={{ childrenGap: 2 }}>
          <Text variant="small">{t(notTestedText)}</Text>
          <Link onClick={onTest} styles={{ root: { alignSelf: 'flex-start' } }}>
            {t('Go to Testing')}
          </Link>
        </Stack>
      ),
    },
  ];
  const left = items.filter((item) => !item.ok).length;
  return (
    <section aria-label={t('Pre-flight checklist')} style={{ background: theme.palette.white, borderRadius: 8, padding: 20 }}>
      <Stack tokens={{ childrenGap: 12 }}>
        <Text as="h2" variant="xLarge" styles={{ root: { fontWeight: 600, margin: 0 } }}>
          {t('Before you publish')}
        </Text>
        <Text role="status">
          {left === 0
            ? t('Everything is ready.')
            : t(left === 1 ? '{count} thing is left to do.' : '{count} things are left to do.', { count: formatNumber(left) })}
        </Text>
        <ul
          aria-label={t('Checklist')}
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '10px 24px', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}
        >
          {items.map((item) => (
            <li
              key={item.id}
              aria-label={item.ok ? t('{label}: done', { label: item.label }) : t('{label}: to do', { label: item.label })}
              style={{ display: 'flex', gap: 10, alignItems: 'flex-start' }}
            >
              <FontIcon
                iconName={item.ok ? 'CompletedSolid' : 'StatusErrorFull'}
                aria-hidden
                style={{ color: item.ok ? theme.palette.green : theme.semanticColors.errorText, fontSize: 16, marginTop: 2 }}
              />
              <Stack tokens={{ childrenGap: 2 }} styles={{ root: { minWidth: 0 } }}>
                <Text styles={{ root: { fontWeight: 600 } }}>{item.label}</Text>
                {item.ok ? null : item.problem}
              </Stack>
            </li>
          ))}
        </ul>
      </Stack>
    </section>
  );
}

/** A problem's message and the link to where it is fixed (none when that page is not in this console). */
function Fix({ text, path, link }: { text: string; path: string | undefined; link: string }) {
  return (
    <Stack tokens={{ childrenGap: 2 }}>
      <Text variant="small">{text}</Text>
      {path ? (
        <RouteLink href={path} asChild>
          <Link styles={{ root: { alignSelf: 'flex-start' } }}>{link}</Link>
        </RouteLink>
      ) : null}
    </Stack>
  );
}
