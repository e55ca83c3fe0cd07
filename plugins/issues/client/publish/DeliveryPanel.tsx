/**
 * What became of the issue's messages: sent, failed, in doubt and pending per medium, live while
 * it is being sent (the room's 'delivery-progress' events, about once a second) and as they ended
 * once it is done. Failed messages can be tried again; messages in doubt (handed to the mail server
 * when the sender stopped, with no answer recorded) can be sent again, at the risk of a second copy;
 * either asks first, saying how many.
 * While the mail server cannot be reached, a bar says that sending waits for it, or is paused.
 */
import { DefaultButton, MessageBar, MessageBarType, ProgressIndicator, Stack, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { handleError } from '../../../../core/client/errors';
import { ConfirmDialog } from '../../../../core/client/page-parts';
import { theme } from '../../../../core/client/theme';
import { toast } from '../../../../core/client/toasts';
import { listen } from '../../../../core/shared/events';
import type { Issue } from '../issue-api';
import { issueRoom } from '../../events';
import type { MailServerWait } from '../../publishing';
import { publishApi, type DeliveryCounts, type DeliveryProgress } from './publish-api';
import { BounceCounts } from './BounceCounts';
import { formatNumber } from '../../../../core/client/format';
import { formatDate } from '../../../../core/client/format-dates';
import { t } from '../../../../core/client/words';
import { issueServerText } from '../texts';

/** What the publish page listens to on the issue's room. */
export type IssueEvents = Pick<Socket, 'on' | 'off'>;

export const doubtExplained =
  'In doubt: handed to the mail server just before a restart, with no answer recorded. Resending them may give some readers a second copy.';

/** Whether the issue has been sent, or is being sent: then its deliveries are worth asking for. */
const sendingOrSent = (status: Issue['status']) =>
  status.processing || status.queued || status.emailed || status.notified || status.published || status.cancelled;

export function DeliveryPanel({ issue, socket, mayRetry }: { issue: Issue; socket: IssueEvents | undefined; mayRetry: boolean }) {
  const [progress, setProgress] = useState<DeliveryProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<'failed' | 'doubt' | null>(null);
  const { status } = issue;
  const asked = sendingOrSent(status);
  // Asked again whenever the publication moves on (queued, processing, done).
  const stage = [status.queued, status.processing, status.emailed, status.notified, status.published, status.cancelled].join();

  useEffect(() => {
    if (!asked) return;
    let current = true;
    publishApi.deliveries(issue._id).then(
      (answer) => current && setProgress(answer),
      (error: unknown) => current && void handleError(error),
    );
    return () => {
      current = false;
    };
  }, [issue._id, asked, stage]);

  useEffect(() => {
    if (!socket) return;
    return listen(socket, issueRoom, issue._id, (event) => {
      if (event.type === 'delivery-progress') setProgress(event.delivery);
    });
  }, [socket, issue._id]);

  if (!progress || (progress.email.total === 0 && progress.notification.total === 0 && !status.processing)) return null;

  const retry = async (state: 'failed' | 'doubt') => {
    setBusy(true);
    try {
      const answer = await publishApi.retry(issue._id, state);
      setProgress(answer.data);
      toast(
        'success',
        'Success!',
        issueServerText(answer.msg) ?? (state === 'failed' ? 'The failed messages are sent again.' : 'The messages in doubt are sent again.'),
      );
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };

  const failed = progress.email.failed + progress.notification.failed;
  const doubt = progress.email.doubt + progress.notification.doubt;
  // Sending again reaches readers: it says how many, and what a resend of those in doubt risks, first.
  const question =
    asking === 'failed'
      ? {
          title: t(failed === 1 ? 'Send the {count} failed message again?' : 'Send the {count} failed messages again?', { count: formatNumber(failed) }),
          text: t('Only the messages the mail server refused or never took go again.'),
          action: t('RETRY FAILED'),
        }
      : asking === 'doubt'
        ? {
            title: t(doubt === 1 ? 'Resend the {count} message in doubt?' : 'Resend the {count} messages in doubt?', { count: formatNumber(doubt) }),
            text: t('Some of these readers may have received it already and would get a second copy.'),
            action: t('RESEND IN DOUBT'),
          }
        : null;
  // A medium shows once it has messages, or when the publication sends it: a notification alone
  // prepares no e-mail (an issue without a plan shows its e-mail, as before).
  const planned = issue.mediums.email || issue.mediums.notification ? issue.mediums : { email: true, notification: false };
  const shows = (medium: 'email' | 'notification') => progress[medium].total > 0 || planned[medium];
  // The recipients of every medium are added before the first message goes: once either medium
  // has some, a medium without any has nobody to send to, and is not 'preparing' (issue 54 point 2).
  const preparing = status.processing && progress.email.total === 0 && progress.notification.total === 0;
  return (
    <section aria-label={t('Deliveries')}>
      <Stack tokens={{ childrenGap: 12 }}>
        {progress.mailServer && status.processing ? <MailServerBar wait={progress.mailServer} /> : null}
        {shows('email') ? <MediumProgress label="E-mail" counts={progress.email} sending={status.processing} preparing={preparing} /> : null}
        {progress.email.sent > 0 ? <BounceCounts issueId={issue._id} stage={stage} /> : null}
        {shows('notification') ? (
          <MediumProgress label="Notification" counts={progress.notification} sending={status.processing} preparing={preparing} />
        ) : null}
        {doubt > 0 ? <MessageBar messageBarType={MessageBarType.warning}>{t(doubtExplained)}</MessageBar> : null}
        {mayRetry && (failed > 0 || doubt > 0) ? (
          <Stack horizontal tokens={{ childrenGap: 8 }}>
            {failed > 0 ? <DefaultButton text={t('RETRY FAILED')} disabled={busy} onClick={() => setAsking('failed')} /> : null}
            {doubt > 0 ? <DefaultButton text={t('RESEND IN DOUBT')} disabled={busy} onClick={() => setAsking('doubt')} /> : null}
          </Stack>
        ) : null}
        {question && asking ? (
          <ConfirmDialog
            title={question.title}
            text={question.text}
            action={question.action}
            dismiss={t('BACK')}
            onDismiss={() => setAsking(null)}
            onConfirm={async () => {
              const state = asking;
              setAsking(null);
              await retry(state);
            }}
          />
        ) : null}
        {progress.failures.length > 0 ? (
          <Stack tokens={{ childrenGap: 4 }}>
            <Text styles={{ root: { fontWeight: 600 } }}>{t('Latest failures')}</Text>
            <ul aria-label={t('Latest failures')} style={{ margin: 0, paddingLeft: 20 }}>
              {progress.failures.slice(0, 5).map((failure) => (
                <li key={`${failure.email}-${failure.at}`}>
                  <Text variant="small">{`${failure.email}: ${failure.answer}`}</Text>
                </li>
              ))}
            </ul>
          </Stack>
        ) : null}
      </Stack>
    </section>
  );
}

/** The mail server cannot be reached: nothing is lost, sending waits for it (paused after a long outage). */
function MailServerBar({ wait }: { wait: MailServerWait }) {
  return (
    <MessageBar messageBarType={wait.state === 'paused' ? MessageBarType.severeWarning : MessageBarType.warning} role="status">
      <Stack tokens={{ childrenGap: 2 }}>
        <Text styles={{ root: { fontWeight: 600 } }}>{issueServerText(wait.message)}</Text>
        <Text variant="small">
          {t('Unreachable since {since}; next try at {next}. Last answer: {answer}', {
            since: clockTime(wait.since),
            next: clockTime(wait.retryAt),
            answer: wait.answer,
          })}
        </Text>
      </Stack>
    </MessageBar>
  );
}

const clockTime = (iso: string) => formatDate(new Date(iso), 'HH:mm:ss');

/** One medium's messages; `label` in English ('E-mail', 'Notification'), shown through `t`. */
function MediumProgress({ label, counts, sending, preparing }: { label: string; counts: DeliveryCounts; sending: boolean; preparing: boolean }) {
  const done = counts.total - counts.pending;
  const medium = t(label);
  // Until the recipients are in, there is nothing to count: no '0 of 0'.
  if (counts.total === 0)
    return (
      <Stack data-testid={`${label.toLowerCase()}-deliveries`}>
        <ProgressIndicator
          label={preparing ? t('{medium}: preparing the recipients...', { medium }) : t('{medium}: nobody to send to.', { medium })}
          percentComplete={preparing ? undefined : 0}
        />
      </Stack>
    );
  return (
    <Stack tokens={{ childrenGap: 4 }} data-testid={`${label.toLowerCase()}-deliveries`}>
      <ProgressIndicator
        label={t('{medium}: {done} of {total}', { medium, done: formatNumber(done), total: formatNumber(counts.total) })}
        percentComplete={done / counts.total}
        description={sending && counts.pending > 0 ? t('Sending...') : undefined}
      />
      <Stack horizontal wrap tokens={{ childrenGap: 16 }}>
        <Text>{t('{count} sent', { count: formatNumber(counts.sent) })}</Text>
        <Text styles={{ root: { color: counts.failed > 0 ? theme.semanticColors.errorText : undefined } }}>
          {t('{count} failed', { count: formatNumber(counts.failed) })}
        </Text>
        <Text>{t('{count} in doubt', { count: formatNumber(counts.doubt) })}</Text>
        <Text>{t('{count} pending', { count: formatNumber(counts.pending) })}</Text>
      </Stack>
    </Stack>
  );
}
