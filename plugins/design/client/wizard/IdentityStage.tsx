/**
 * Stage 0: the newsletter's cover, title, slug (its address /n/{slug}, checked as it is typed),
 * subtitle and language. Until the slug is typed by hand it follows the title. Once CREATE has made
 * the newsletter (`newsletterId`), the slug is checked leaving its own out, and the language stays.
 */
import { Dropdown, Stack, TextField } from '@fluentui/react';
import { ImageField } from '../../../../core/client/ImageField';
import { sizedImage } from '../../../../core/client/image-size';
import { constants } from '../../../../core/shared/config';
import { slugify } from '../../../../core/shared/text';
import { KeyField } from '../../../../core/client/KeyField';
import { t } from '../../../../core/client/words';
import { StageIntro, type StageProps } from './stage-parts';
import { languageName } from './wizard-state';

const { cover } = constants.design;
/** The cover's preview: as wide as the settings page shows it, in the cover's proportions. */
const previewWidth = 240;

export function IdentityStage({ draft, change, errors, langs, newsletterId }: StageProps & { langs: string[]; newsletterId: string | null }) {
  const setTitle = (title: string) => {
    // The slug follows the title while it is what the title made (or empty).
    const follows = draft.key === '' || draft.key === slugify(draft.title);
    change(follows ? { title, key: slugify(title) } : { title }, follows ? ['title', 'key'] : ['title']);
  };
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <StageIntro>{t('Give your newsletter a face and a name. Readers find it at its address.')}</StageIntro>
      <ImageField
        label={t('COVER IMAGE')}
        required
        value={draft.image}
        onChange={(image) => change({ image })}
        errorMessage={errors.image}
        {...sizedImage(cover, previewWidth)}
      />
      <TextField label={t('TITLE')} required value={draft.title} onChange={(_, text) => setTitle(text ?? '')} errorMessage={errors.title} />
      <KeyField
        label={t('SLUG')}
        model="Newsletter"
        recordId={newsletterId ?? ''}
        prefix="/n/"
        value={draft.key}
        onChange={(key) => change({ key })}
        errorMessage={errors.key}
        takenText={(key) => t('The newsletter name {key} already exists.', { key })}
      />
      <TextField
        label={t('SUBTITLE')}
        required
        value={draft.subtitle}
        onChange={(_, text) => change({ subtitle: text ?? '' })}
        errorMessage={errors.subtitle}
      />
      <Dropdown
        label={t('LANGUAGE')}
        options={langs.map((lang) => ({ key: lang, text: languageName(lang) }))}
        selectedKey={draft.lang}
        onChange={(_, option) => option && change({ lang: String(option.key) })}
        errorMessage={errors.lang}
        disabled={newsletterId !== null}
        styles={{ root: { maxWidth: previewWidth } }}
      />
    </Stack>
  );
}
