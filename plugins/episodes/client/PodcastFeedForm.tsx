/** The RSS provider's feed form: a podcast feed URL, checked with the server's schema, and ADD. */
import { PrimaryButton, Stack, TextField } from '@fluentui/react';
import type { FormEvent } from 'react';
import { formValidator, useSchemaForm } from '../../../core/client/forms';
import { toast } from '../../../core/client/toasts';
import feedSchema from '../../../schemas/api/podcast-feed-create.schema.json?validator';
import type { PodcastFeedCreateBody } from '../../../schemas/generated/api/podcast-feed-create';
import { addPodcastFeed } from './episodes-api';
import type { BrowserTask } from './podcast-parts';
import { t } from '../../../core/client/words';

const validateFeed = formValidator<PodcastFeedCreateBody>(feedSchema);
// The address is sent trimmed, so it is checked trimmed.
const validate = (values: PodcastFeedCreateBody) => validateFeed({ url: values.url.trim() });

export function PodcastFeedForm({ busy, run, onAdded }: BrowserTask & { onAdded(): Promise<void> }) {
  const form = useSchemaForm(validate, { url: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = form.check();
    if (!result.ok) return;
    void run('feed', async () => {
      await addPodcastFeed(result.value);
      toast('success', 'Success!', 'The podcast feed is added.');
      form.setValues({ url: '' });
      await onAdded();
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack horizontal verticalAlign="end" tokens={{ childrenGap: 8 }}>
        <Stack.Item grow>
          <TextField label={t('Podcast feed URL')} placeholder="https://example.com/podcast.xml" {...form.text('url')} disabled={busy !== null} />
        </Stack.Item>
        <PrimaryButton type="submit" text={t('ADD')} disabled={busy !== null} styles={{ root: { marginBottom: form.errors.url ? 22 : 0 } }} />
      </Stack>
    </form>
  );
}
