/**
 * Stage 5, ready to publish: what the newsletter will be, to check once more (Back goes to any
 * stage to change it), and while PUBLISH runs, the step it is at.
 */
import { Image, ImageFit, ProgressIndicator, Stack, Text } from '@fluentui/react';
import type { ReactNode } from 'react';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';
import type { Interest } from '../../../../schemas/generated/entities/interest';
import { interestTitle } from '../../../settings/client/public';
import { publicationSteps, type Publication, type PublicationStep } from './publication';
import { StageIntro } from './stage-parts';
import { defaultTemplate, languageName, type WizardDraft } from './wizard-state';

const coverWidth = 160;
const swatchSize = 16;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt style={{ fontWeight: 600, color: theme.semanticColors.strongSubtext }}>{label}</dt>
      <dd style={{ margin: 0 }}>{children}</dd>
    </>
  );
}

export interface PublishStageProps {
  draft: WizardDraft;
  interests: Interest[];
  /** Stage 4 was skipped: the newsletter starts with the blank default template. */
  channelsSkipped: boolean;
  publication: Publication;
  /** The step under way while PUBLISH runs. */
  running: PublicationStep | null;
}

export function PublishStage({ draft, interests, channelsSkipped, publication, running }: PublishStageProps) {
  const channels = defaultTemplate(draft).channels.filter((name) => name.trim());
  const chosen = interests.filter((interest) => draft.interests.includes(interest._id)).map((interest) => interestTitle(interest));
  const current = publicationSteps.find((item) => item.step === running);
  const currentLabel = current ? t(current.label) : undefined;
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <StageIntro>{t('Everything is ready. Check your newsletter once more, then publish it.')}</StageIntro>
      {/* In a box of its own: the list's own margin would override the stack's gap. */}
      <div>
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 24, rowGap: 10, margin: 0 }}>
          <Row label={t('Cover image')}>
            {draft.image ? <Image src={draft.image} alt={t('Cover image')} width={coverWidth} imageFit={ImageFit.contain} /> : null}
          </Row>
          <Row label={t('Title')}>{draft.title}</Row>
          <Row label={t('Subtitle')}>{draft.subtitle}</Row>
          <Row label={t('Address')}>{`/n/${draft.key}`}</Row>
          <Row label={t('Language')}>{draft.lang ? languageName(draft.lang) : ''}</Row>
          <Row label={t('Description')}>{draft.description}</Row>
          <Row label={t('Interests')}>{chosen.join(', ')}</Row>
          <Row label={t('Colours')}>
            <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 8 }}>
              {[draft.color, draft.textColor].map((color, index) => (
                <span
                  key={index}
                  aria-hidden
                  style={{ width: swatchSize, height: swatchSize, borderRadius: 4, background: color, border: `1px solid ${theme.palette.neutralLight}` }}
                />
              ))}
              <span>{`${draft.color} / ${draft.textColor}`}</span>
            </Stack>
          </Row>
          <Row label={t('Welcome e-mail')}>{draft.welcome.subject}</Row>
          <Row label={t('Channels')}>{channelsSkipped || channels.length === 0 ? t('None yet: you can add them later.') : channels.join(', ')}</Row>
        </dl>
      </div>
      {running ? (
        <ProgressIndicator
          label={currentLabel}
          percentComplete={publication.done.length / publicationSteps.length}
          ariaValueText={currentLabel}
          styles={{ itemName: { color: theme.semanticColors.bodyText } }}
        />
      ) : null}
      {!running && publication.done.length > 0 ? (
        <Text role="status" styles={{ root: { color: theme.semanticColors.strongSubtext } }}>
          {t('Your newsletter is saved. PUBLISH again to finish what is left.')}
        </Text>
      ) : null}
    </Stack>
  );
}
