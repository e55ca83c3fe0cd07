/**
 * Edit a user: the profile (picture, NAME, BIO, SOCIAL URL), the role (editor or author: the list
 * never offers director or admin) and whether the account is ready to use.
 */
import { Dropdown, TextField, Toggle } from '@fluentui/react';
import { useEffect, useState } from 'react';
import updateSchema from '../../../schemas/api/user-update.schema.json?validator';
import type { UserUpdateBody } from '../../../schemas/generated/api/user-update';
import { call } from '../../../core/client/api';
import { teamEndpoints } from '../endpoints';
import { handleError } from '../../../core/client/errors';
import { FormDialog } from '../../../core/client/form-dialog';
import { formValidator, toastFirstProblem, useFormSubmit, useSchemaForm } from '../../../core/client/forms';
import { ImageField } from '../../../core/client/ImageField';
import { profileText } from '../../../core/client/screens/ProfileForm';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import type { NewsletterRole } from '../rules';
import { displayName, roleName, type TeamMember } from './team-api';

/** The form keeps the role as a plain key (the server takes it so, or as { key }). */
type EditValues = Omit<UserUpdateBody, 'role'> & { role?: NewsletterRole };

const validate = formValidator<EditValues>(updateSchema);

export interface EditMemberDialogProps {
  member: TeamMember;
  onDismiss(): void;
  onSaved(): void;
}

export function EditMemberDialog({ member, onDismiss, onSaved }: EditMemberDialogProps) {
  const [roles, setRoles] = useState<string[] | null>(null);
  const form = useSchemaForm<EditValues>(validate, { profile: { ...member.profile }, status: { ...member.status } });

  useEffect(() => {
    call(teamEndpoints.memberForm, { params: { id: member._id } })
      .then(({ data }) => {
        setRoles(data.data.roles);
        const role = data.data.roles.includes(data.body.role.key) ? (data.body.role.key as NewsletterRole) : undefined;
        form.setValues({ profile: { ...data.body.profile }, role, status: data.body.status });
      })
      .catch(async (error: unknown) => {
        await handleError(error);
        onDismiss();
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one load per member; `form` is new each render, its setter is not
  }, [member._id]);

  const setProfile = (key: keyof UserUpdateBody['profile'], value: string) => {
    form.setValues((current) => ({ ...current, profile: { ...current.profile, [key]: value } }));
    form.setErrors((current) => {
      const { [`profile.${key}`]: _removed, ...rest } = current;
      return rest;
    });
  };
  const { busy, submit } = useFormSubmit(
    () => toastFirstProblem(form.check()),
    async (body) => {
      await call(teamEndpoints.saveMember, { params: { id: member._id }, body });
      toast('success', 'Success!', 'The member is saved.');
      onSaved();
    },
  );
  const { profile } = form.values;
  const text = profileText(profile, form.errors, setProfile);

  return (
    <FormDialog
      title={t('Edit User')}
      subText={`${displayName(member)} · ${member.email}`}
      minWidth={520}
      gap={14}
      busy={busy}
      loading={roles === null}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <ImageField label={t('PROFILE PICTURE')} value={profile.image ?? ''} onChange={(path) => setProfile('image', path)} width={72} height={72} round />
      <TextField label={t('NAME')} {...text('name')} disabled={busy} />
      <TextField label={t('BIO')} multiline rows={3} {...text('biography')} disabled={busy} />
      <TextField label={t('SOCIAL URL')} placeholder="https://" {...text('url')} disabled={busy} />
      <Dropdown
        label={t('ROLE')}
        placeholder={t('Select a role')}
        options={(roles ?? []).map((role) => ({ key: role, text: roleName(role) }))}
        selectedKey={form.values.role ?? null}
        onChange={(_, option) => form.set('role', option ? (String(option.key) as NewsletterRole) : undefined)}
        errorMessage={form.errors.role}
        disabled={busy}
      />
      <Toggle
        label={t('Account is ready')}
        inlineLabel
        checked={form.values.status?.ready ?? false}
        onChange={(_, checked) => form.set('status', { ready: Boolean(checked) })}
        disabled={busy}
      />
    </FormDialog>
  );
}
