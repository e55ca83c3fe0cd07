/**
 * The welcome issue editor (/newsletters/show/{id}/settings/welcome): subject line, preview text
 * and the intro as rich text, saved through the top bar's SAVE with the newsletter's settings.
 */
import { Link as FluentLink, Spinner, Stack, TextField } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { PageHeader } from '../../../core/client/page-parts';
import { RichTextEditor } from '../../../core/client/rich-text';
import { useTopBarSave } from '../../../core/client/topbar-save';
import { t } from '../../../core/client/words';
import { saveNewsletter, useNewsletterSettings, type NewsletterSettings } from './newsletter-settings';
import { useSettingsForm } from './settings-form';
import { SettingsCard } from './SettingsCard';

type Welcome = NewsletterSettings['welcome'];

export default function WelcomeEditorPage() {
  const { newsletterId } = useParams<{ newsletterId: string }>();
  const { loaded } = useNewsletterSettings(newsletterId);
  const { values: welcome, setValues: setWelcome, setErrors, text } = useSettingsForm<Welcome>('welcome.');
  const [busy, setBusy] = useState(false);

  useEffect(() => setWelcome(loaded ? loaded.body.welcome : null), [loaded, setWelcome]);

  useTopBarSave(async () => {
    if (!loaded || !welcome) return;
    setBusy(true);
    const { errors: found } = await saveNewsletter(newsletterId, { ...loaded.body, welcome });
    setBusy(false);
    setErrors(found);
  }, busy);

  return (
    <Stack tokens={{ childrenGap: 20 }} style={{ maxWidth: 880 }}>
      <Link href={`/newsletters/show/${newsletterId}`} asChild>
        <FluentLink>{t('‹ Back to Dashboard')}</FluentLink>
      </Link>
      <PageHeader title={t('Welcome Issue')} />
      {!loaded || !welcome ? (
        <Spinner label={t('Loading...')} style={{ marginTop: 48 }} />
      ) : (
        // The newsletter's own title, in capitals by the rules of its language.
        <SettingsCard title={loaded.body.title.toLocaleUpperCase(loaded.body.lang || 'tr')}>
          <TextField label={t('SUBJECT LINE')} {...text('subject')} placeholder={t('Welcome to our newsletter!')} />
          <TextField label={t('PREVIEW TEXT')} {...text('preview')} placeholder={t('What the inbox shows after the subject')} />
          <RichTextEditor
            label={t('INTRO')}
            value={welcome.intro.html}
            onChange={(html) => setWelcome((current) => (current ? { ...current, intro: { ...current.intro, html } } : current))}
            placeholder={t('Greet your new subscribers...')}
          />
        </SettingsCard>
      )}
    </Stack>
  );
}
