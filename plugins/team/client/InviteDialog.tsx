/**
 * Invite a member by e-mail: EMAIL and ROLE, checked before sending with the server's schema
 * ('Email is not valid.', 'Select a role.'). Newsletter invites offer editor and author and name the
 * newsletter; publisher invites offer director.
 */
import { Dropdown, TextField } from '@fluentui/react';
import { useEffect, useState } from 'react';
import createSchema from '../../../schemas/api/user-create.schema.json?validator';
import type { UserCreateBody } from '../../../schemas/generated/api/user-create';
import { call } from '../../../core/client/api';
import { teamEndpoints } from '../endpoints';
import { handleError } from '../../../core/client/errors';
import { FormDialog } from '../../../core/client/form-dialog';
import { formValidator, toastFirstProblem, useFormSubmit, useSchemaForm } from '../../../core/client/forms';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import type { TeamType } from '../rules';
import { roleName, teamMessage } from './team-api';

const validate = formValidator<UserCreateBody>(createSchema);

export interface InviteDialogProps {
  type: TeamType;
  /** The newsletter a newsletter invite is for. */
  newsletterId?: string;
  onDismiss(): void;
  onInvited(): void;
}

export function InviteDialog({ type, newsletterId, onDismiss, onInvited }: InviteDialogProps) {
  const form = useSchemaForm<UserCreateBody>(validate, { email: '', role: '' as UserCreateBody['role'], newsletters: newsletterId ? [newsletterId] : [] });
  const [roles, setRoles] = useState<string[]>([]);

  useEffect(() => {
    call(teamEndpoints.inviteForm, { query: { role: type } })
      .then(({ data }) => {
        setRoles(data.data.roles);
        form.setValues((current) => ({ ...data.body, ...current, role: current.role || data.body.role, newsletters: newsletterId ? [newsletterId] : [] }));
      })
      .catch(handleError);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one load per role and newsletter; `form` is new each render, its setter is not
  }, [type, newsletterId]);

  // The spec shows validation problems as an 'Error!' toast too.
  const { busy, submit } = useFormSubmit(
    () => toastFirstProblem(form.check()),
    async (body) => {
      const { msg } = await call(teamEndpoints.invite, { body });
      toast('success', 'Success!', teamMessage(msg) ?? t('An invitation email is sent to {email}.', { email: body.email }));
      onInvited();
    },
  );

  return (
    <FormDialog
      title={t('Invite a Member')}
      subText={t('The invitee receives an e-mail with a link to choose a password.')}
      minWidth={480}
      gap={16}
      action={t('INVITE')}
      busy={busy}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <TextField label={t('EMAIL')} name="email" type="email" placeholder="name@example.com" {...form.text('email')} disabled={busy} autoFocus />
      <Dropdown
        label={t('ROLE')}
        placeholder={t('Select a role')}
        options={roles.map((role) => ({ key: role, text: roleName(role) }))}
        selectedKey={form.values.role || null}
        onChange={(_, option) => form.set('role', String(option?.key ?? '') as UserCreateBody['role'])}
        errorMessage={form.errors.role}
        disabled={busy}
      />
    </FormDialog>
  );
}
