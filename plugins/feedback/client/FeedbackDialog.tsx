/**
 * Give Feedback, Report a Bug, Request a Feature (spec 002 section 2.12): PRODUCT, TITLE,
 * DESCRIPTION and SEND; the server stores it with the user's e-mail. Admins also get a link to
 * the list of everything sent.
 */
import { Dropdown, Link, TextField } from '@fluentui/react';
import { useLocation } from 'wouter';
import createSchema from '../../../schemas/api/feedback-create.schema.json?validator';
import type { FeedbackCreateBody } from '../../../schemas/generated/api/feedback-create';
import { call } from '../../../core/client/api';
import { FormDialog } from '../../../core/client/form-dialog';
import { formValidator, toastFirstProblem, useFormSubmit, useSchemaForm } from '../../../core/client/forms';
import { useCan } from '../../../core/client/permissions';
import { toast } from '../../../core/client/toasts';
import { constants } from '../../../core/shared/config';
import { t } from '../../../core/client/words';
import { feedbackEndpoints } from '../endpoints';
import { dialogTitle } from './labels';

const validate = formValidator<FeedbackCreateBody>(createSchema);

/** The fields' placeholders for each type, in the console's language. */
function placeholdersOf(type: FeedbackCreateBody['type']): { title: string; description: string } {
  if (type === 'bug') return { title: t('What went wrong?'), description: t('What did you do, what did you expect, and what happened instead?') };
  if (type === 'feature') return { title: t('What would you like?'), description: t('What would it help you do?') };
  return { title: t('What is it about?'), description: t('Tell us what you think...') };
}

export function FeedbackDialog({ type, onDismiss }: { type: FeedbackCreateBody['type']; onDismiss(): void }) {
  const form = useSchemaForm<FeedbackCreateBody>(validate, { type, product: '', title: '', description: '' });
  const can = useCan();
  const [, navigate] = useLocation();
  const { busy, submit } = useFormSubmit(
    () => toastFirstProblem(form.check()),
    async (body) => {
      const { msg } = await call(feedbackEndpoints.create, { body: { ...body, title: body.title.trim(), description: body.description.trim() } });
      toast('success', 'Success!', msg);
      onDismiss();
    },
  );
  const title = dialogTitle(type);
  const placeholders = placeholdersOf(type);
  return (
    <FormDialog title={title} label={title} minWidth={520} gap={12} action={t('SEND')} busy={busy} onSubmit={submit} onDismiss={onDismiss}>
      <Dropdown
        label={t('PRODUCT')}
        placeholder={t('Select a product')}
        options={constants.feedbackProducts.map((product) => ({ key: product, text: t(product) }))}
        selectedKey={form.values.product || null}
        onChange={(_event, option) => form.set('product', String(option?.key ?? ''))}
        errorMessage={form.errors.product}
        required
      />
      <TextField label={t('TITLE')} placeholder={placeholders.title} {...form.text('title')} required />
      <TextField label={t('DESCRIPTION')} placeholder={placeholders.description} multiline rows={6} {...form.text('description')} required />
      {can('feedback.list') ? (
        <Link
          href="/admin/feedback"
          onClick={(event) => {
            event.preventDefault();
            onDismiss();
            navigate('/admin/feedback');
          }}
        >
          {t('See all feedback')}
        </Link>
      ) : null}
    </FormDialog>
  );
}

export const GiveFeedbackDialog = ({ onDismiss }: { onDismiss(): void }) => <FeedbackDialog type="feedback" onDismiss={onDismiss} />;
export const ReportBugDialog = ({ onDismiss }: { onDismiss(): void }) => <FeedbackDialog type="bug" onDismiss={onDismiss} />;
export const RequestFeatureDialog = ({ onDismiss }: { onDismiss(): void }) => <FeedbackDialog type="feature" onDismiss={onDismiss} />;
