/**
 * The subject test of an e-mail send (issue 58, decision 0058), inside a publish form: a toggle;
 * the issue's own subject line as Subject 1 (read-only: it is changed on the issue) and up to
 * constants.subjectTests.maxVariants - 1 more, each with its preview text; the share of the e-mail
 * audience that tests them; how long to wait after their copies went out; and what decides. The
 * checks are the server's (../../subject-test.ts subjectTestProblems), shown under the fields once
 * the form was sent with one failing.
 */
import { ActionButton, ChoiceGroup, IconButton, Slider, Stack, Text, TextField, Toggle } from '@fluentui/react';
import { formatNumber, formatPercent } from '../../../../core/client/format';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';
import { constants } from '../../../../core/shared/config';
import type { SubjectVariant } from '../../../../schemas/generated/entities/subject-variant';
import type { SubjectTestRequest } from '../../subject-test';
import type { Issue } from '../issue-api';
import { subjectName, waitWords } from '../subject-test-words';
import { issueServerText } from '../texts';

const { maxVariants, shareMin, shareMax, waitMinutesMin, waitMinutesMax } = constants.subjectTests;

/** The form's test as it is being written: `on` once the toggle is. */
export interface SubjectTestDraft {
  on: boolean;
  variants: SubjectVariant[];
  share: number;
  waitMinutes: number;
  decideBy: SubjectTestRequest['decideBy'];
}

/** A test not asked for yet: one more subject line to write, with the issue's preview to start from; the least share and wait. */
export const startingTest = (issue: Pick<Issue, 'preview'>): SubjectTestDraft => ({
  on: false,
  variants: [{ subject: '', preview: issue.preview }],
  share: shareMin,
  waitMinutes: waitMinutesMin,
  decideBy: 'opens',
});

/** The publish call's `subjectTest` of a draft. */
export const testRequest = ({ variants, share, waitMinutes, decideBy }: SubjectTestDraft): SubjectTestRequest => ({
  variants: variants.map((variant) => ({ subject: variant.subject.trim(), preview: variant.preview.trim() })),
  share,
  waitMinutes,
  decideBy,
});

/** What decides, in English (shown through `t`). */
const measures: { key: SubjectTestRequest['decideBy']; text: string }[] = [
  { key: 'opens', text: 'People’s opens' },
  { key: 'clicks', text: 'People’s clicks' },
  { key: 'opensThenClicks', text: 'Clicks if opens are too close to call' },
];

export interface SubjectTestFieldsProps {
  issue: Pick<Issue, 'subject' | 'preview'>;
  value: SubjectTestDraft;
  onChange(value: SubjectTestDraft): void;
  /** The server's checks that fail, by the body's path; shown once the form was sent. */
  problems: { message: string; path: string }[];
}

export function SubjectTestFields({ issue, value, onChange, problems }: SubjectTestFieldsProps) {
  const change = (fields: Partial<SubjectTestDraft>) => onChange({ ...value, ...fields });
  const changeVariant = (index: number, fields: Partial<SubjectVariant>) =>
    change({ variants: value.variants.map((variant, place) => (place === index ? { ...variant, ...fields } : variant)) });
  const problemAt = (path: string) => {
    const found = problems.find((problem) => problem.path === path);
    return found ? issueServerText(found.message) : undefined;
  };
  const more = maxVariants - 1;
  return (
    <Stack tokens={{ childrenGap: 12 }} styles={{ root: { borderTop: `1px solid ${theme.palette.neutralLight}`, paddingTop: 12 } }}>
      <Toggle label={t('Test subject lines')} checked={value.on} onChange={(_event, on) => change({ on: Boolean(on) })} styles={{ root: { margin: 0 } }} />
      <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
        {t('Up to {count} more subject lines go to a share of the e-mail audience first; after the wait, the one people engaged with most goes to the rest.', {
          count: formatNumber(more),
        })}
      </Text>
      {value.on ? (
        <>
          <TextField
            label={subjectName(0)}
            value={issue.subject}
            readOnly
            description={t('The issue’s own subject line and preview: {preview}', { preview: issue.preview })}
          />
          {value.variants.map((variant, index) => {
            const name = subjectName(index + 1);
            const path = `subjectTest.variants.${index}`;
            return (
              <Stack key={index} horizontal verticalAlign="start" tokens={{ childrenGap: 8 }}>
                <Stack tokens={{ childrenGap: 4 }} styles={{ root: { flex: 1, minWidth: 0 } }}>
                  <TextField
                    label={name}
                    value={variant.subject}
                    onChange={(_event, subject) => changeVariant(index, { subject: subject ?? '' })}
                    errorMessage={problemAt(`${path}.subject`)}
                  />
                  <TextField
                    label={t('Preview of {subject}', { subject: name })}
                    value={variant.preview}
                    onChange={(_event, preview) => changeVariant(index, { preview: preview ?? '' })}
                    errorMessage={problemAt(`${path}.preview`)}
                  />
                </Stack>
                {value.variants.length > 1 ? (
                  <IconButton
                    iconProps={{ iconName: 'Delete' }}
                    ariaLabel={t('Remove {subject}', { subject: name })}
                    title={t('Remove {subject}', { subject: name })}
                    onClick={() => change({ variants: value.variants.filter((_variant, place) => place !== index) })}
                    styles={{ root: { marginTop: 28 } }}
                  />
                ) : null}
              </Stack>
            );
          })}
          {value.variants.length < more ? (
            <ActionButton
              iconProps={{ iconName: 'Add' }}
              text={t('Add a subject line')}
              onClick={() => change({ variants: [...value.variants, { subject: '', preview: issue.preview }] })}
              styles={{ root: { alignSelf: 'flex-start', paddingLeft: 0 } }}
            />
          ) : null}
          {problemAt('subjectTest.variants') ? (
            <Text variant="small" role="alert" styles={{ root: { color: theme.semanticColors.errorText } }}>
              {problemAt('subjectTest.variants')}
            </Text>
          ) : null}
          <Slider
            label={t('Share of the e-mail audience that tests them')}
            min={shareMin}
            max={shareMax}
            value={value.share}
            valueFormat={(share) => formatPercent(share / 100)}
            ariaValueText={(share) => formatPercent(share / 100)}
            onChange={(share) => change({ share })}
          />
          <Slider
            label={t('Wait after their copies went out')}
            min={waitMinutesMin}
            max={waitMinutesMax}
            // In steps of the shortest wait: half hours.
            step={waitMinutesMin}
            value={value.waitMinutes}
            valueFormat={waitWords}
            ariaValueText={waitWords}
            onChange={(waitMinutes) => change({ waitMinutes })}
            styles={{ valueLabel: { width: 'auto', minWidth: 40, whiteSpace: 'nowrap' } }}
          />
          <ChoiceGroup
            label={t('What decides')}
            selectedKey={value.decideBy}
            options={measures.map((measure) => ({ key: measure.key, text: t(measure.text) }))}
            onChange={(_event, option) => option && change({ decideBy: option.key as SubjectTestRequest['decideBy'] })}
          />
        </>
      ) : null}
    </Stack>
  );
}
