/**
 * What the wizard's first stage and the edit page both ask of a collection: its image, title, key
 * (checked as it is typed) and description, each with its error; and how an edit clears the
 * errors of the fields it touched.
 */
import { TextField } from '@fluentui/react';
import { ImageField } from '../../../core/client/ImageField';
import { sizedImage } from '../../../core/client/image-size';
import { KeyField } from '../../../core/client/KeyField';
import { constants } from '../../../core/shared/config';
import { collectionMessages } from '../rules';
import { t, tMaybe } from '../../../core/client/words';

/** The cover's preview, in the cover's proportions. */
const coverImage = sizedImage(constants.collections.cover, 240);

export interface About {
  image: string;
  title: string;
  key: string;
  description: string;
}

export interface AboutFieldsProps {
  values: About;
  errors: Record<string, string>;
  /** The collection's id, '' before it is created: its own key counts as free. */
  recordId: string;
  change(patch: Partial<About>): void;
  /** A typed title, when it changes more than the title (the wizard's key follows it). */
  onTitle?(title: string): void;
  /** A typed key, when it changes more than the key. */
  onKey?(key: string): void;
  onAvailability?(available: boolean | null): void;
}

export function AboutFields({
  values,
  errors,
  recordId,
  change,
  onTitle = (title) => change({ title }),
  onKey = (key) => change({ key }),
  onAvailability,
}: AboutFieldsProps) {
  return (
    <>
      <ImageField
        label={t('Image')}
        required
        value={values.image}
        onChange={(image) => change({ image })}
        errorMessage={tMaybe(errors.image)}
        {...coverImage}
      />
      <TextField label={t('Title')} value={values.title} onChange={(_event, text) => onTitle(text ?? '')} errorMessage={tMaybe(errors.title)} />
      <KeyField
        label={t('Key')}
        model="Collection"
        recordId={recordId}
        value={values.key}
        onChange={onKey}
        errorMessage={tMaybe(errors.key)}
        takenText={() => t(collectionMessages.keyTaken)}
        onAvailability={onAvailability}
      />
      <TextField
        label={t('Description')}
        multiline
        rows={3}
        value={values.description}
        onChange={(_event, text) => change({ description: text ?? '' })}
        errorMessage={tMaybe(errors.description)}
      />
    </>
  );
}

/** The errors left once `patch` changed its fields (the items are the rules' 'children'). */
export function errorsAfter(errors: Record<string, string>, patch: object): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !(path in patch) && !(path === 'children' && 'items' in patch)));
}
