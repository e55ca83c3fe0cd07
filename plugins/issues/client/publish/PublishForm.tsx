/**
 * The date and the options of a publication (spec 001 sections 4 and 5), for the Publish,
 * Reschedule, Publish as E-mail and Publish as Notification sections. The date is a day and a
 * time: days before the earliest allowed are disabled in the calendar, and the button waits for a
 * time at least the lead ahead (half an hour, none for notifications, admins and live news). The
 * picked date starts a minute ahead; a reschedule keeps the issue's own date while it is still
 * ahead (and then sends none). Publish Only and the mediums follow withPublishOnly / withMedium;
 * the live-news newsletter gets only a date, published on its page as given. The button says
 * what it does (publishAction: PUBLISH NOW, or SCHEDULE once the time is ahead, as a director's
 * always is); the page confirms before anything goes. An e-mail send of an issue not yet e-mailed
 * may test subject lines first (SubjectTestFields.tsx, issue 58); the form is not sent while a
 * check of the test fails, and says which.
 */
import { Checkbox, ChoiceGroup, PrimaryButton, Stack, Text, TooltipHost } from '@fluentui/react';
import { format, startOfDay } from 'date-fns';
import { useState } from 'react';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';
import type { Issue } from '../issue-api';
import {
  defaultPublishDate,
  earliestPublishDate,
  goesNow,
  leadMinutes,
  publishAction,
  tooEarlyText,
  withMedium,
  withPublishOnly,
  type PublishFormKind,
  type PublishOptions,
} from '../../publishing';
import { subjectTestProblems } from '../../subject-test';
import type { PublishRequest } from './publish-api';
import { startingTest, SubjectTestFields, testRequest } from './SubjectTestFields';
import { useNow } from './use-now';
import { DayPicker, parseTime, TimeField } from '../../../../core/client/DateTimeField';

export type { PublishFormKind };

/** What the form asks for: the request, and when it goes (null: now) for the confirmation to say. */
export interface PublishPlan {
  request: PublishRequest;
  date: Date | null;
}

export interface PublishFormProps {
  kind: PublishFormKind;
  issue: Issue;
  viewer: { admin: boolean; liveNews: boolean };
  busy: boolean;
  onSubmit(plan: PublishPlan): void;
}

/** The name of each form's date and time fields (in English: shown through `t`). */
const fieldNames: Record<PublishFormKind, { date: string; time: string }> = {
  publish: { date: 'Publish date', time: 'Publish time' },
  reschedule: { date: 'Reschedule date', time: 'Reschedule time' },
  email: { date: 'E-mail date', time: 'E-mail time' },
  notification: { date: 'Notification date', time: 'Notification time' },
};

export const schedulingTooltip = 'An issue is scheduled at least half an hour into the future.';
const pastText = 'Pick a time from now on.';

function startingOptions(kind: PublishFormKind, liveNews: boolean): PublishOptions {
  const options: PublishOptions = { test: false, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: true } };
  // Live news goes on its page only, dated as the editor says.
  if (liveNews) return { ...options, publishOnly: true, overridePublishedAt: true, mediums: { email: false, notification: false } };
  if (kind === 'email') return { ...options, mediums: { email: true, notification: false } };
  if (kind === 'notification') return { ...options, mediums: { email: false, notification: true } };
  return options;
}

/** The day of one date with the time of another. */
function atTimeOf(day: Date, time: Date): Date {
  const date = new Date(day);
  date.setHours(time.getHours(), time.getMinutes(), 0, 0);
  return date;
}

export function PublishForm({ kind, issue, viewer, busy, onSubmit }: PublishFormProps) {
  const now = useNow();
  const [options, setOptions] = useState(() => startingOptions(kind, viewer.liveNews));
  const [picked, setPicked] = useState<Date | null>(null);
  const [test, setTest] = useState(() => startingTest(issue));
  // The test's failing checks show once the form was sent with one.
  const [checked, setChecked] = useState(false);
  const lead = leadMinutes(viewer, options);

  const planned = issue.plannedAt ?? issue.publishedAt;
  const kept = kind === 'reschedule' && planned && new Date(planned).getTime() > now.getTime() ? new Date(planned) : null;
  const date = picked ?? kept ?? defaultPublishDate(now, lead);
  const earliest = earliestPublishDate(now, lead);
  // Times are picked to the minute (the server allows for the trip).
  earliest.setSeconds(0, 0);
  const tooEarly = !viewer.liveNews && date.getTime() < earliest.getTime();
  const choosesMediums = !viewer.liveNews && (kind === 'publish' || kind === 'reschedule');

  const goingNow = !viewer.liveNews && goesNow(date, now);
  // The button says what it does: for a director the earliest time is half an hour ahead, so it schedules.
  const action = publishAction(kind, goingNow, viewer.liveNews);
  // A subject test goes with an e-mail send of an issue not yet e-mailed.
  const offersTest = !viewer.liveNews && kind !== 'notification' && !options.publishOnly && options.mediums.email && !issue.status.emailed;
  const subjectTest = offersTest && test.on ? testRequest(test) : undefined;
  const problems = subjectTest ? subjectTestProblems(issue, subjectTest) : [];
  const submit = () => {
    if (problems.length > 0) return setChecked(true);
    const request: PublishRequest = { ...(picked === null && kept ? {} : { publishedAt: date.toISOString() }), publishOptions: options };
    onSubmit({ request: subjectTest ? { ...request, subjectTest } : request, date: goingNow ? null : date });
  };

  return (
    <Stack tokens={{ childrenGap: 12 }}>
      <TooltipHost content={viewer.liveNews ? undefined : lead > 0 ? t(schedulingTooltip) : t('It can go out right away.')}>
        <Stack horizontal wrap tokens={{ childrenGap: 12 }} verticalAlign="start">
          <DayPicker
            label={t('Date')}
            ariaLabel={t(fieldNames[kind].date)}
            value={date}
            minDate={viewer.liveNews ? undefined : startOfDay(earliest)}
            onSelect={(day) => setPicked(atTimeOf(day, date))}
          />
          <TimeField
            label={t('Time')}
            ariaLabel={t(fieldNames[kind].time)}
            value={format(date, 'HH:mm')}
            onChange={(value) => {
              const { hours, minutes } = parseTime(value)!;
              const next = new Date(date);
              next.setHours(hours, minutes, 0, 0);
              setPicked(next);
            }}
            errorMessage={tooEarly ? t(lead > 0 ? tooEarlyText : pastText) : undefined}
          />
        </Stack>
      </TooltipHost>
      {choosesMediums ? (
        <>
          <ChoiceGroup
            label={t('Publish options')}
            selectedKey={options.publishOnly ? 'only' : 'send'}
            options={[
              { key: 'only', text: t('Publish Only') },
              { key: 'send', text: t('Send to subscribers') },
            ]}
            onChange={(_event, option) => option && setOptions(withPublishOnly(options, option.key === 'only'))}
          />
          <Stack horizontal tokens={{ childrenGap: 24 }}>
            <Checkbox label={t('E-mail')} checked={options.mediums.email} onChange={(_event, on) => setOptions(withMedium(options, 'email', Boolean(on)))} />
            <Checkbox
              label={t('Notification')}
              checked={options.mediums.notification}
              onChange={(_event, on) => setOptions(withMedium(options, 'notification', Boolean(on)))}
            />
          </Stack>
          <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
            {options.publishOnly
              ? t('Publish Only puts the issue on its web page and sends it to nobody.')
              : options.mediums.email && options.mediums.notification
                ? t('The issue goes to the subscribers as e-mail and notification.')
                : options.mediums.email
                  ? t('The issue goes to the subscribers as e-mail.')
                  : t('The issue goes to the subscribers as notification.')}
          </Text>
        </>
      ) : null}
      {offersTest ? <SubjectTestFields issue={issue} value={test} onChange={setTest} problems={checked ? problems : []} /> : null}
      <PrimaryButton text={t(action)} disabled={busy || tooEarly} onClick={submit} styles={{ root: { alignSelf: 'flex-start' } }} />
    </Stack>
  );
}
