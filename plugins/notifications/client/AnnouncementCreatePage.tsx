/**
 * /announcements/create (admins): an announcement to the users of one publisher. Each of its
 * directors, editors and authors gets a notification that opens the announcement page.
 */
import { Dropdown, PrimaryButton, Stack, Text, TextField } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import createSchema from '../../../schemas/api/announcement-create.schema.json?validator';
import type { AnnouncementCreateBody } from '../../../schemas/generated/api/announcement-create';
import { call } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import { formValidator, useFormSubmit, useSchemaForm } from '../../../core/client/forms';
import { PageHeader } from '../../../core/client/page-parts';
import { RichTextEditor } from '../../../core/client/rich-text';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { authEndpoints } from '../../../core/shared/endpoints/auth';
import { notificationEndpoints } from '../endpoints';
import './notifications.css';

const validate = formValidator<AnnouncementCreateBody>(createSchema);

export default function AnnouncementCreatePage() {
  const [publishers, setPublishers] = useState<{ _id: string; title: string }[]>([]);
  const [, navigate] = useLocation();
  const form = useSchemaForm<AnnouncementCreateBody>(validate, { publisher: '', subject: '', preview: '', body: '' });

  useEffect(() => {
    call(authEndpoints.publishers)
      .then(({ data }) => setPublishers(data.publishers))
      .catch(handleError);
  }, []);

  const check = () => {
    const result = form.check();
    if (!result.ok) toast('error', 'Error!', result.details[0]?.message);
    return result;
  };
  const { busy, submit } = useFormSubmit(check, async (body) => {
    const { data, msg } = await call(notificationEndpoints.announce, { body });
    toast('success', 'Success!', msg);
    navigate(`/announcements/${data._id}`);
  });

  return (
    <Stack tokens={{ childrenGap: 24 }} style={{ maxWidth: 760 }}>
      <PageHeader title="New announcement" />
      <form onSubmit={submit} noValidate className="mh-announcement" aria-label="New announcement">
        <Stack tokens={{ childrenGap: 16 }}>
          <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>
            Every director, editor and author of the publisher gets a notification that opens the announcement.
          </Text>
          <Dropdown
            label="PUBLISHER"
            placeholder="Select a publisher"
            options={publishers.map((publisher) => ({ key: publisher._id, text: publisher.title }))}
            selectedKey={form.values.publisher || null}
            onChange={(_event, option) => form.set('publisher', String(option?.key ?? ''))}
            errorMessage={form.errors.publisher}
            required
          />
          <TextField label="SUBJECT" placeholder="Type the subject..." {...form.text('subject')} required />
          <TextField label="PREVIEW" placeholder="Type the preview..." {...form.text('preview')} />
          <div>
            <RichTextEditor label="BODY" value={form.values.body} onChange={(html) => form.set('body', html)} placeholder="Write the announcement..." />
            {form.errors.body ? (
              <Text variant="small" role="alert" styles={{ root: { color: theme.semanticColors.errorText, marginTop: 4 } }} block>
                {form.errors.body}
              </Text>
            ) : null}
          </div>
          <Stack horizontal horizontalAlign="end">
            <PrimaryButton type="submit" text="SEND" iconProps={{ iconName: 'Send' }} disabled={busy} />
          </Stack>
        </Stack>
      </form>
    </Stack>
  );
}
