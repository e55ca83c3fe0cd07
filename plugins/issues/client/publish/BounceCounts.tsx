/**
 * What came back after the mail server took the issue's e-mails (decision 0034): how many bounced
 * for good, bounced for now, or were reported as spam. Those addresses get no more mail from the
 * publisher (soft bounces after constants.bounces.softLimit of them) until they subscribe again.
 */
import { Stack, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { call } from '../../../../core/client/api';
import { handleError } from '../../../../core/client/errors';
import type { IssueBounces } from '../../../../schemas/generated/api/issue-bounces';
import { bounceEndpoints } from '../../bounce-endpoints';
import { formatNumber } from '../../../../core/client/format';
import { t } from '../../../../core/client/words';

/** The labels of the counts, in the order shown (in English: shown through `t`). */
export const bounceLabels: Record<keyof IssueBounces, string> = { hard: 'Bounced', soft: 'Bounced for now', complaint: 'Reported as spam' };

/** The issue's bounce and complaint counts, asked again whenever `stage` changes (the send moving on). */
export function BounceCounts({ issueId, stage }: { issueId: string; stage?: string }) {
  const [counts, setCounts] = useState<IssueBounces | null>(null);
  useEffect(() => {
    let live = true;
    call(bounceEndpoints.counts, { params: { id: issueId } })
      .then((answer) => {
        if (live) setCounts(answer.data);
      })
      .catch((error: unknown) => {
        if (live) void handleError(error);
      });
    return () => {
      live = false;
    };
  }, [issueId, stage]);
  if (!counts) return null;
  return (
    <Stack horizontal tokens={{ childrenGap: 16 }} aria-label={t('Bounces and complaints')}>
      {(Object.keys(bounceLabels) as (keyof IssueBounces)[]).map((kind) => (
        <Text key={kind} variant="small" data-bounce={kind}>
          {t(bounceLabels[kind])}: {formatNumber(counts[kind])}
        </Text>
      ))}
    </Stack>
  );
}
