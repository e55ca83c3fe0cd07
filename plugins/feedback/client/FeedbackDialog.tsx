/**
 * Give Feedback, Report a Bug, Request a Feature (spec 002 section 2.12): PRODUCT, TITLE,
 * DESCRIPTION and SEND; the server stores it with the user's e-mail. Admins also get a link to
 * the list of everything sent.
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, Dropdown, Link, PrimaryButton, Stack, TextField } from '@fluentui/react';
import { useLocation } from 'wouter';
import createSchema from '../../../schemas/api/feedback-create.schema.json?validator';
import type { FeedbackCreateBody } from '../../../schemas/generated/api/feedback-create';
import { call } from '../../../core/client/api';
import { formValidator, useFormSubmit, useSchemaForm } from '../../../core/client/forms';
import { useCan } from '../../../core/client/permissions';
import { toast } from '../../../core/client/toasts';
import { constants } from '../../../core/shared/config';
import { dialogTitles } from './labels';

const validate = formValidator<FeedbackCreateBody>(createSchema);

const placeholders: Record<FeedbackCreateBody['type'], { title: string; description: string }> = {
  feedback: { title: 'What is it about?', description: 'Tell us what you think...' },
  bug: { title: 'What went wrong?', description: 'What did you do, what did you expect, and what happened instead?' },
  feature: { title: 'What would you like?', description: 'What would it help you do?' },
};

export function FeedbackDialog({ type, onDismiss }: { type: FeedbackCreateBody['type']; onDismiss(): void }) {
  const form = useSchemaForm<FeedbackCreateBody>(validate, { type, product: '', title: '', description: '' });
  const can = useCan();
  const [, navigate] = useLocation();
  const check = () => {
    const result = form.check();
    if (!result.ok) toast('error', 'Error!', result.details[0]?.message);
    return result;
  };
  const { busy, submit } = useFormSubmit(check, async (body) => {
    const { msg } = await call('post', 'feedback/create', { ...body, title: body.title.trim(), description: body.description.trim() });
    toast('success', 'Success!', msg);
    onDismiss();
  });
  return (
    <Dialog
      hidden={false}
      onDismiss={onDismiss}
      dialogContentProps={{ type: DialogType.normal, title: dialogTitles[type] }}
      minWidth={520}
      modalProps={{ isBlocking: busy }}
    >
      <form onSubmit={submit} noValidate aria-label={dialogTitles[type]}>
        <Stack tokens={{ childrenGap: 12 }}>
          <Dropdown
            label="PRODUCT"
            placeholder="Select a product"
            options={constants.feedbackProducts.map((product) => ({ key: product, text: product }))}
            selectedKey={form.values.product || null}
            onChange={(_event, option) => form.set('product', String(option?.key ?? ''))}
            errorMessage={form.errors.product}
            required
          />
          <TextField label="TITLE" placeholder={placeholders[type].title} {...form.text('title')} required />
          <TextField label="DESCRIPTION" placeholder={placeholders[type].description} multiline rows={6} {...form.text('description')} required />
          {can('feedback.list') ? (
            <Link
              href="/admin/feedback"
              onClick={(event) => {
                event.preventDefault();
                onDismiss();
                navigate('/admin/feedback');
              }}
            >
              See all feedback
            </Link>
          ) : null}
        </Stack>
        <DialogFooter>
          <DefaultButton text="CANCEL" onClick={onDismiss} disabled={busy} />
          <PrimaryButton type="submit" text="SEND" disabled={busy} />
        </DialogFooter>
      </form>
    </Dialog>
  );
}

export const GiveFeedbackDialog = ({ onDismiss }: { onDismiss(): void }) => <FeedbackDialog type="feedback" onDismiss={onDismiss} />;
export const ReportBugDialog = ({ onDismiss }: { onDismiss(): void }) => <FeedbackDialog type="bug" onDismiss={onDismiss} />;
export const RequestFeatureDialog = ({ onDismiss }: { onDismiss(): void }) => <FeedbackDialog type="feature" onDismiss={onDismiss} />;
