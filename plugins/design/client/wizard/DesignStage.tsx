/**
 * Stage 7, e-mail design preferences: the design form beside the live preview of the new
 * newsletter's e-mail. FINISH (the page's) saves it.
 */
import { mergeStyleSets, Stack } from '@fluentui/react';
import type { EmailDesign, EmailFont } from '../design-api';
import { EmailDesignForm } from '../EmailDesignForm';
import { EmailPreview } from '../EmailPreview';
import { StageIntro } from './stage-parts';

const classes = mergeStyleSets({
  // The form takes the room the preview (as wide as the e-mail) leaves; on a narrow screen the preview goes below.
  columns: { display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' },
  form: { flex: '1 1 360px', minWidth: 0 },
  // The preview stays in sight while the long form scrolls.
  preview: { flex: '0 0 auto', position: 'sticky', top: 16 },
});

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
      <StageIntro>Make the e-mail your subscribers receive look like yours. You can change it any time under Design, Email.</StageIntro>
      <div className={classes.columns}>
        <div className={classes.form}>
          <EmailDesignForm value={design} fonts={fonts} onChange={onChange} newsletterImage={newsletterImage} />
        </div>
        <div className={classes.preview}>
          <EmailPreview newsletterId={newsletterId} design={design} />
        </div>
      </div>
    </Stack>
  );
}
