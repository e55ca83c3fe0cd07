/**
 * Stage -1: the Publisher Agreement and the Publisher Policy, each with a box to accept it and a
 * link that opens it. CONTINUE (the page's) needs both boxes.
 */
import { Checkbox, Link, Stack } from '@fluentui/react';
import { useState } from 'react';
import { t } from '../../../../core/client/words';
import { StageIntro } from './stage-parts';
import { publisherTerms, TermsPanel, type TermsKey } from './publisher-terms';

export type Acceptance = Record<TermsKey, boolean>;

export function AgreementStage({ accepted, onChange }: { accepted: Acceptance; onChange(accepted: Acceptance): void }) {
  const [reading, setReading] = useState<TermsKey | null>(null);
  const terms: TermsKey[] = ['agreement', 'policy'];
  return (
    <Stack tokens={{ childrenGap: 20 }}>
      <StageIntro>{t('Before you create a newsletter, please read and accept the terms you publish under.')}</StageIntro>
      {terms.map((key) => (
        <Stack key={key} horizontal wrap verticalAlign="center" tokens={{ childrenGap: 12 }}>
          <Checkbox
            label={t(publisherTerms[key].accept)}
            checked={accepted[key]}
            onChange={(_, checked) => onChange({ ...accepted, [key]: Boolean(checked) })}
          />
          <Link onClick={() => setReading(key)}>{t(publisherTerms[key].read)}</Link>
        </Stack>
      ))}
      {reading ? <TermsPanel which={reading} onDismiss={() => setReading(null)} /> : null}
    </Stack>
  );
}
