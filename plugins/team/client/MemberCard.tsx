/** A team member as a card: avatar, name, e-mail, role badge, and Edit / Remove where the team rules allow. */
import { IconButton, Persona, PersonaSize, Stack, Text, type IContextualMenuItem } from '@fluentui/react';
import { cardClasses } from '../../../core/client/cards';
import { ownPicture } from '../../../core/client/layout/Avatar';
import { roleLabel } from '../../../core/client/permissions';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';
import { displayName, type TeamMember } from './team-api';

export interface MemberCardProps {
  member: TeamMember;
  /** Left out when the signed-in user may not change this member. */
  menu?: { onEdit(): void; onRemove?(): void };
}

export function MemberCard({ member, menu }: MemberCardProps) {
  const name = displayName(member);
  const items: IContextualMenuItem[] = menu
    ? [
        { key: 'edit', text: t('Edit'), iconProps: { iconName: 'Edit' }, onClick: menu.onEdit },
        ...(menu.onRemove ? [{ key: 'remove', text: t('Remove'), iconProps: { iconName: 'RemoveFilter' }, onClick: menu.onRemove }] : []),
      ]
    : [];
  return (
    <article className={cardClasses('team-card')} aria-label={name} data-testid="member-card">
      <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 12 }}>
        <Persona imageUrl={ownPicture(member.profile.image)} text={name} size={PersonaSize.size56} hidePersonaDetails imageAlt="" />
        <Stack grow tokens={{ childrenGap: 2 }} styles={{ root: { minWidth: 0 } }}>
          <Text variant="mediumPlus" styles={{ root: { fontWeight: 600, overflowWrap: 'anywhere' } }}>
            {name}
          </Text>
          {/* An invitee without a name yet goes by the e-mail: no need to say it twice. */}
          {member.profile.name ? (
            <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary, overflowWrap: 'anywhere' } }}>
              {member.email}
            </Text>
          ) : null}
          <Stack horizontal wrap tokens={{ childrenGap: 6 }} styles={{ root: { marginTop: 4 } }}>
            <span className={`team-badge team-badge--${member.role}`}>{roleLabel(member.role)}</span>
            {member.status.ready ? null : (
              <span className="team-badge team-badge--pending" title={t('The account is not ready yet: an invitation not taken up, or a profile to finish.')}>
                {t('NOT READY')}
              </span>
            )}
          </Stack>
        </Stack>
        {menu ? (
          <IconButton
            ariaLabel={t('More for {name}', { name })}
            title={t('More')}
            iconProps={{ iconName: 'More' }}
            menuProps={{ items }}
            onRenderMenuIcon={() => null}
          />
        ) : null}
      </Stack>
    </article>
  );
}
