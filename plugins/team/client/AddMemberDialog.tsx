/**
 * Add Editor / Add Author / Add Director: choose one of the publisher's staff who is not on the
 * team yet, or invite someone new by e-mail.
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, Dropdown, MessageBar, PrimaryButton, Stack, Text } from '@fluentui/react';
import { useState } from 'react';
import { handleError } from '../../../core/client/errors';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import { addRoleText, teamMessage, type AddRole, type TeamMember } from './team-api';

export interface AddMemberDialogProps {
  role: AddRole;
  possible: TeamMember[];
  /** Adds the chosen member (PUT to the team); answers the server's message. */
  assign(member: TeamMember): Promise<string | undefined>;
  onInvite(): void;
  onDismiss(): void;
  onAdded(): void;
}

/** When no one on the staff can join in the role: a whole sentence per role. */
function noOneText(role: AddRole): string {
  switch (role) {
    case 'editor':
      return t('No one else on the staff can join as an editor. Invite someone new by e-mail.');
    case 'author':
      return t('No one else on the staff can join as an author. Invite someone new by e-mail.');
    case 'director':
      return t('No one else on the staff can join as a director. Invite someone new by e-mail.');
  }
}

export function AddMemberDialog({ role, possible, assign, onInvite, onDismiss, onAdded }: AddMemberDialogProps) {
  const [chosen, setChosen] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const add = async () => {
    const member = possible.find((candidate) => candidate._id === chosen);
    if (!member) {
      setError(t('Select a member.'));
      return;
    }
    setBusy(true);
    try {
      const msg = await assign(member);
      toast('success', 'Success!', teamMessage(msg));
      onAdded();
    } catch (failure) {
      await handleError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      hidden={false}
      onDismiss={busy ? undefined : onDismiss}
      dialogContentProps={{ type: DialogType.normal, title: addRoleText(role) }}
      minWidth={480}
      modalProps={{ isBlocking: busy }}
    >
      <Stack tokens={{ childrenGap: 16 }}>
        {possible.length > 0 ? (
          <Dropdown
            label={t('MEMBER')}
            placeholder={t('Select a member')}
            options={possible.map((member) => ({ key: member._id, text: member.profile.name ? `${member.profile.name} (${member.email})` : member.email }))}
            selectedKey={chosen ?? null}
            onChange={(_, option) => {
              setChosen(option ? String(option.key) : undefined);
              setError(undefined);
            }}
            errorMessage={error}
            disabled={busy}
          />
        ) : (
          <MessageBar>{noOneText(role)}</MessageBar>
        )}
        <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 8 }}>
          <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
            {t('Not on the staff yet?')}
          </Text>
          <DefaultButton text={t('INVITE BY E-MAIL')} iconProps={{ iconName: 'Mail' }} onClick={onInvite} disabled={busy} />
        </Stack>
      </Stack>
      <DialogFooter>
        <DefaultButton text={t('CANCEL')} onClick={onDismiss} disabled={busy} />
        {possible.length > 0 ? <PrimaryButton text={role === 'director' ? t('MAKE DIRECTOR') : t('ADD')} onClick={() => void add()} disabled={busy} /> : null}
      </DialogFooter>
    </Dialog>
  );
}
