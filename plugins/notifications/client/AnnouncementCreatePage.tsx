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
import { formatNumber } from '../../../core/client/format';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import { authEndpoints } from '../../../core/shared/endpoints/auth';
import { notificationEndpoints } from '../endpoints';
import './notifications.css';

const validate = formValidator<AnnouncementCreateBody>(createSchema);

/** The server's 'The announcement is sent to 3 users.' (server/routes.ts) in the console's language; any other message as it is. */
function sentText(msg: string | undefined): string | undefined {
  const match = msg ? /^The announcement is sent to (\d+) (user|users)\.$/.exec(msg) : null;
  if (!match) return msg;
  const count = formatNumber(Number(match[1]));
  return match[2] === 'user' ? t('The announcement is sent to {count} user.', { count }) : t('The announcement is sent to {count} users.', { count });
}

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
    toast('success', 'Success!', sentText(msg));
    navigate(`/announcements/${data._id}`);
  });

  return (
    <Stack tokens={{ childrenGap: 24 }} style={{ maxWidth: 760 }}>
      <PageHeader title={t('New announcement')} />
      <form onSubmit={submit} noValidate className="mh-announcement" aria-label={t('New announcement')}>
        <Stack tokens={{ childrenGap: 16 }}>
          <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>
            {t('Every director, editor and author of the publisher gets a notification that opens the announcement.')}
          </Text>
          <Dropdown
            label={t('PUBLISHER')}
            placeholder={t('Select a publisher')}
            options={publishers.map((publisher) => ({ key: publisher._id, text: publisher.title }))}
            selectedKey={form.values.publisher || null}
            onChange={(_event, option) => form.set('publisher', String(option?.key ?? ''))}
            errorMessage={form.errors.publisher}
            required
          />
          <TextField label={t('SUBJECT')} placeholder={t('Type the subject...')} {...form.text('subject')} required />
          <TextField label={t('PREVIEW')} placeholder={t('Type the preview...')} {...form.text('preview')} />
          <div>
            <RichTextEditor
              label={t('BODY')}
              value={form.values.body}
              onChange={(html) => form.set('body', html)}
              placeholder={t('Write the announcement...')}
            />
            {form.errors.body ? (
              <Text variant="small" role="alert" styles={{ root: { color: theme.semanticColors.errorText, marginTop: 4 } }} block>
                {form.errors.body}
              </Text>
            ) : null}
          </div>
          <Stack horizontal horizontalAlign="end">
            <PrimaryButton type="submit" text={t('SEND')} iconProps={{ iconName: 'Send' }} disabled={busy} />
          </Stack>
        </Stack>
      </form>
    </Stack>
  );
}
