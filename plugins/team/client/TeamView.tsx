/**
 * A team page: the members as cards (by role), the Add buttons, and the modals to assign, invite,
 * edit and remove. The same rule as the server's (../rules.ts) decides what is offered.
 */
import { PrimaryButton, Spinner, Stack, Text } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { call } from '../../../core/client/api';
import { teamEndpoints } from '../endpoints';
import { CardList } from '../../../core/client/cards';
import { ConfirmDialog, EmptyState, PageHeader } from '../../../core/client/page-parts';
import { useCan } from '../../../core/client/permissions';
import { userAtom } from '../../../core/client/stores';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import { mayAddMembers, mayChangeMember, type NewsletterRole, type TeamType } from '../rules';
import { AddMemberDialog } from './AddMemberDialog';
import { EditMemberDialog } from './EditMemberDialog';
import { InviteDialog } from './InviteDialog';
import { MemberCard } from './MemberCard';
import { addRoleText, displayName, teamMessage, type AddRole, type TeamMember, useTeam } from './team-api';
import './team.css';

/** A team page's sections; their texts stay English here and are put through `t` where they are shown. */
const sections: Record<TeamType, { role: AddRole; title: string; empty: string; add: string }[]> = {
  newsletter: [
    {
      role: 'editor',
      title: 'Editors',
      empty: 'This newsletter has no editors yet.',
      add: 'Add an editor from your staff, or invite one by e-mail.',
    },
    {
      role: 'author',
      title: 'Authors',
      empty: 'This newsletter has no authors yet.',
      add: 'Add an author from your staff, or invite one by e-mail.',
    },
  ],
  publisher: [
    {
      role: 'director',
      title: 'Directors',
      empty: 'This publisher has no directors yet.',
      add: 'Add a director from your staff, or invite one by e-mail.',
    },
  ],
};

export function TeamView({ type, scopeId }: { type: TeamType; scopeId: string }) {
  const { team, loading, reload } = useTeam(type, scopeId);
  const user = useAtomValue(userAtom);
  const can = useCan();
  const [adding, setAdding] = useState<AddRole | null>(null);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  const actor = user ? { id: user._id, role: user.role.key } : null;
  // Add Director is always on the publisher team page (the page itself needs publishers.update).
  const mayAdd = type === 'publisher' || mayAddMembers(can);
  const mayChange = (member: TeamMember) => Boolean(actor) && can('team.manage') && mayChangeMember(actor!, { id: member._id, role: member.role });

  const assign = async (member: TeamMember) => {
    const { msg } =
      type === 'newsletter'
        ? // A newsletter's team offers editors and authors only (data.editor, data.author).
          await call(teamEndpoints.assign, { params: { id: scopeId }, body: { userId: member._id, role: member.role as NewsletterRole } })
        : await call(teamEndpoints.makeDirector, { params: { id: scopeId }, body: { userId: member._id } });
    return msg;
  };
  const remove = async (member: TeamMember) => {
    const { msg } = await call(teamEndpoints.unassign, { params: { id: scopeId }, body: { userId: member._id } });
    toast('success', 'Success!', teamMessage(msg));
    setRemoving(null);
    await reload();
  };
  /** After a dialog's change: it closes and the team is read again. */
  const changed = (close: () => void) => () => {
    close();
    void reload();
  };

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={type === 'newsletter' ? t('Newsletter Team') : t('Publisher Team')}>
        {mayAdd
          ? sections[type].map(({ role }) => (
              <PrimaryButton key={role} text={addRoleText(role)} iconProps={{ iconName: 'AddFriend' }} onClick={() => setAdding(role)} />
            ))
          : null}
      </PageHeader>

      {!team && loading ? <Spinner label={t('Loading...')} /> : null}
      {team
        ? sections[type].map(({ role, title: englishTitle, empty, add }) => {
            const title = t(englishTitle);
            const members = team.body.filter((member) => member.role === role);
            return (
              <section key={role} aria-label={title}>
                <Stack tokens={{ childrenGap: 12 }}>
                  <Text as="h2" variant="large" styles={{ root: { fontWeight: 600, margin: 0 } }}>
                    {title}
                  </Text>
                  {members.length > 0 ? (
                    <CardList label={title} items={members} itemKey={(member) => member._id}>
                      {(member) => (
                        <MemberCard
                          member={member}
                          menu={
                            mayChange(member)
                              ? { onEdit: () => setEditing(member), onRemove: type === 'newsletter' ? () => setRemoving(member) : undefined }
                              : undefined
                          }
                        />
                      )}
                    </CardList>
                  ) : (
                    <EmptyState title={t(empty)} text={mayAdd ? t(add) : undefined} />
                  )}
                </Stack>
              </section>
            );
          })
        : null}

      {adding && team ? (
        <AddMemberDialog
          role={adding}
          possible={team.data[adding] ?? []}
          assign={assign}
          onInvite={() => {
            setAdding(null);
            setInviting(true);
          }}
          onDismiss={() => setAdding(null)}
          onAdded={changed(() => setAdding(null))}
        />
      ) : null}
      {inviting ? (
        <InviteDialog
          type={type}
          newsletterId={type === 'newsletter' ? scopeId : undefined}
          onDismiss={() => setInviting(false)}
          onInvited={changed(() => setInviting(false))}
        />
      ) : null}
      {editing ? <EditMemberDialog member={editing} onDismiss={() => setEditing(null)} onSaved={changed(() => setEditing(null))} /> : null}
      {removing ? (
        <ConfirmDialog
          title={t('Remove Member')}
          text={t("Are you sure you want to remove {name} from this newsletter's team? The account stays with the publisher.", { name: displayName(removing) })}
          action={t('REMOVE')}
          onConfirm={() => remove(removing)}
          onDismiss={() => setRemoving(null)}
        />
      ) : null}
    </Stack>
  );
}
