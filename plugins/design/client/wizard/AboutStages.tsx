/**
 * Stage 1, the description and one to four interests (the rest are disabled once four are
 * chosen), and stage 2, the newsletter's primary and text colours with a sample of the two.
 */
import { Stack, Text, TextField } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../../../core/client/stores';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';
import type { Interest } from '../../../../schemas/generated/entities/interest';
import { ColorField, InterestsField } from '../../../settings/client/public';
import { StageIntro, type StageProps } from './stage-parts';

export function DescriptionStage({ draft, change, errors, interests }: StageProps & { interests: Interest[] }) {
  const role = useAtomValue(userAtom)?.role.key ?? 'author';
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <StageIntro>{t('Tell readers what your newsletter is about, and choose the interests it is filed under.')}</StageIntro>
      <TextField
        label={t('DESCRIPTION')}
        required
        multiline
        rows={4}
        value={draft.description}
        onChange={(_, text) => change({ description: text ?? '' })}
        errorMessage={errors.description}
      />
      <Text as="h3" variant="medium" styles={{ root: { fontWeight: 600, margin: 0 } }}>
        {t('INTERESTS')}
      </Text>
      <InterestsField
        interests={interests}
        value={draft.interests}
        onChange={(ids) => change({ interests: ids })}
        role={role}
        // Whoever creates the newsletter chooses its interests; later changes are an admin's.
        adminOnly={false}
        errorMessage={errors.interests}
      />
    </Stack>
  );
}

export function ColorsStage({ draft, change, errors }: StageProps) {
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <StageIntro>{t("Pick your newsletter's colours: the primary colour and the colour of text on it.")}</StageIntro>
      <ColorField label={t('PRIMARY COLOUR')} value={draft.color} onChange={(color) => change({ color })} errorMessage={errors.color} />
      <ColorField label={t('TEXT COLOUR')} value={draft.textColor} onChange={(textColor) => change({ textColor })} errorMessage={errors.textColor} />
      <div
        aria-hidden
        style={{
          background: draft.color,
          color: draft.textColor,
          border: `1px solid ${theme.palette.neutralLight}`,
          borderRadius: 4,
          padding: '14px 18px',
          fontWeight: 600,
          maxWidth: 420,
        }}
      >
        {draft.title || t('Newsletter')}
      </div>
    </Stack>
  );
}
