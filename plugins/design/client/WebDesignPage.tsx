/**
 * /newsletters/show/:newsletterId/web-design (spec 002 sections 2.8 and 9): the cover of the
 * newsletter's landing page /n/{key} and what the reader pages' subscribe form asks besides the
 * e-mail address (its name and city fields: not asked, optional or required; decision 0038),
 * saved constants.debounces.coverAutosaveMs after a change, and a link to see the page as readers do.
 */
import { ChoiceGroup, DefaultButton, Link, Spinner, Stack, Text, type IChoiceGroupOption } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { handleError } from '../../../core/client/errors';
import { ImageField } from '../../../core/client/ImageField';
import { sizedImage } from '../../../core/client/image-size';
import { PageHeader } from '../../../core/client/page-parts';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import type { DesignWebForm } from '../../../schemas/generated/api/design-web-form';
import { SaveStatus, useAutosave } from './autosave';
import { designApi } from './design-api';

const { cover } = constants.design;
/** The cover's size, in the console's language (call it where it is shown). */
export const coverGuidance = () => t('Recommended size {width}x{height} px', { width: cover.width, height: cover.height });
/** The cover's thumbnail, in the cover's proportions. */
const coverImage = sizedImage(cover, 360);

type WebDesign = DesignWebForm['body'];
type FieldChoice = WebDesign['nameField'];

/** The choices and fields below are English: shown through `t`. */
const fieldChoices: IChoiceGroupOption[] = [
  { key: 'hidden', text: 'Not asked' },
  { key: 'optional', text: 'Optional' },
  { key: 'required', text: 'Required' },
];

/** The fields the subscribe form may ask besides the e-mail address. */
const askedFields: { key: 'nameField' | 'cityField'; label: string }[] = [
  { key: 'nameField', label: 'Name' },
  { key: 'cityField', label: 'City' },
];

const cardStyle = { background: theme.palette.white, borderRadius: 8, boxShadow: theme.effects.elevation4, padding: 24 } as const;

export default function WebDesignPage() {
  const { newsletterId } = useParams<{ newsletterId: string }>();
  return <WebDesignEditor key={newsletterId} newsletterId={newsletterId} />;
}

function WebDesignEditor({ newsletterId }: { newsletterId: string }) {
  const [design, setDesign] = useState<WebDesign | null>(null);
  const [key, setKey] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([designApi.webDesign(newsletterId), designApi.newsletter(newsletterId)]).then(
      ([web, newsletter]) => {
        if (!live) return;
        setDesign(web.body);
        setKey(newsletter.key);
      },
      (error: unknown) => (live ? handleError(error) : undefined),
    );
    return () => {
      live = false;
    };
  }, [newsletterId]);

  const state = useAutosave({
    value: design,
    delayMs: constants.debounces.coverAutosaveMs,
    save: (edited) => designApi.saveWebDesign(newsletterId, edited),
    onSaved: (stored, sent) => setDesign((current) => (current === sent ? stored : current)),
  });

  if (!design || key === null) return <Spinner label={t('Loading...')} style={{ marginTop: 48 }} />;

  const change = (edit: Partial<WebDesign>) => setDesign((current) => (current ? { ...current, ...edit } : current));
  const landingPage = `/n/${encodeURIComponent(key)}`;
  return (
    <Stack tokens={{ childrenGap: 20 }} style={{ maxWidth: 760 }}>
      <PageHeader title={t('Web Design')}>
        <SaveStatus state={state} />
        <Link href={landingPage} target="_blank" rel="noopener noreferrer">
          {t('View landing page')}
        </Link>
      </PageHeader>
      <section aria-label={t('Landing page')} style={cardStyle}>
        <Stack tokens={{ childrenGap: 12 }}>
          <ImageField label={t('Landing page cover')} value={design.cover} onChange={(path) => change({ cover: path })} {...coverImage} />
          <Text variant="small" styles={{ root: { color: theme.semanticColors.bodySubtext } }}>
            {coverGuidance()}
          </Text>
          {/* Without a cover, the landing page shows the newsletter's colour. */}
          {design.cover ? (
            <DefaultButton text={t('Remove cover')} onClick={() => change({ cover: '' })} styles={{ root: { alignSelf: 'flex-start' } }} />
          ) : null}
        </Stack>
      </section>
      <section aria-labelledby="subscribe-form-title" style={cardStyle}>
        <Stack tokens={{ childrenGap: 12 }}>
          <Text as="h2" id="subscribe-form-title" variant="large" styles={{ root: { margin: 0, fontWeight: 600 } }}>
            {t('Subscribe form')}
          </Text>
          <Text variant="small" styles={{ root: { color: theme.semanticColors.bodySubtext } }}>
            {t('Readers always give their e-mail address. Choose what else the form on your reader pages asks.')}
          </Text>
          {askedFields.map(({ key, label }) => (
            <ChoiceGroup
              key={key}
              label={t(label)}
              options={fieldChoices.map((choice) => ({ ...choice, text: t(choice.text) }))}
              selectedKey={design[key]}
              onChange={(_event, option) => option && change({ [key]: option.key as FieldChoice })}
              styles={{ flexContainer: { display: 'flex', flexWrap: 'wrap', columnGap: '24px' } }}
            />
          ))}
        </Stack>
      </section>
    </Stack>
  );
}
