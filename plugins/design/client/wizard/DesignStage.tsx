/**
 * Stage 7, e-mail design preferences: the design form beside the live preview of the new
 * newsletter's e-mail. FINISH (the page's) saves it.
 */
import { Stack } from '@fluentui/react';
import { t } from '../../../../core/client/words';
import { DesignBesidePreview } from '../DesignBesidePreview';
import type { EmailDesign, EmailFont } from '../design-api';
import { EmailDesignForm } from '../EmailDesignForm';
import { EmailPreview } from '../EmailPreview';
import { StageIntro } from './stage-parts';

/** The wizard has no top bar: the preview stays in view just under the top of the window. */
const stickyTop = 16;

export interface DesignStageProps {
  newsletterId: string;
  newsletterImage: string;
  design: EmailDesign;
  fonts: EmailFont[];
  onChange(design: EmailDesign): void;
}

export function DesignStage({ newsletterId, newsletterImage, design, fonts, onChange }: DesignStageProps) {
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <StageIntro>{t('Make the e-mail your subscribers receive look like yours. You can change it any time under Design, Email.')}</StageIntro>
      <DesignBesidePreview
        stickyTop={stickyTop}
        form={<EmailDesignForm value={design} fonts={fonts} onChange={onChange} newsletterImage={newsletterImage} />}
        preview={<EmailPreview newsletterId={newsletterId} design={design} />}
      />
    </Stack>
  );
}
