/** The team calls as the pages use them. */
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import type { TeamMember } from '../../../schemas/generated/api/team-member';
import type { TeamType } from '../rules';
import { t } from '../../../core/client/words';
import { teamEndpoints } from '../endpoints';

export type { TeamMember };

/** A newsletter's team (TeamNewsletterForm) and a publisher's (TeamPublisherForm) read as one. */
export interface TeamData {
  /** The current team. */
  body: TeamMember[];
  /** Who could join, by role. */
  data: Partial<Record<'editor' | 'author' | 'director', TeamMember[]>>;
}

/** The team of a newsletter or of a publisher. */
const fetchTeam = async (type: TeamType, id: string): Promise<TeamData> =>
  (await call(type === 'newsletter' ? teamEndpoints.newsletterTeam : teamEndpoints.publisherTeam, { params: { id } })).data;

/** Loads a team (`newsletters/update/{id}/team` or `publishers/update/{id}/team`); `reload` after a change. */
export function useTeam(type: TeamType, id: string) {
  const [team, setTeam] = useState<TeamData | null>(null);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setTeam(await fetchTeam(type, id));
    } catch (error) {
      await handleError(error);
    } finally {
      setLoading(false);
    }
  }, [type, id]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { team, loading, reload };
}

export const displayName = (member: Pick<TeamMember, 'profile' | 'email'>) => member.profile.name || member.email;

/** The roles' names, English here: shown through `roleName`. */
export const roleLabels: Record<string, string> = { admin: 'Admin', director: 'Director', editor: 'Editor', author: 'Author' };

/** A role's name in the console's language ('Editor', in Turkish 'Editör'); an unknown role as it is. */
export function roleName(role: string): string {
  switch (role) {
    case 'admin':
      return t('Admin');
    case 'director':
      return t('Director');
    case 'editor':
      return t('Editor');
    case 'author':
      return t('Author');
    default:
      return role;
  }
}

/** The roles a team page adds. */
export type AddRole = 'editor' | 'author' | 'director';

/** The Add button's text and the add dialog's title ('Add Editor'), whole in the console's language. */
export function addRoleText(role: AddRole): string {
  switch (role) {
    case 'editor':
      return t('Add Editor');
    case 'author':
      return t('Add Author');
    case 'director':
      return t('Add Director');
  }
}

/**
 * The team calls' messages that carry a name or an address (server/routes.ts), by their pattern,
 * in the console's language; any other message as it is (the toast puts it through `t`).
 */
const serverMessages: [RegExp, (value: string) => string][] = [
  [/^(.+) is added to the team\.$/s, (name) => t('{name} is added to the team.', { name })],
  [/^(.+) is removed from the team\.$/s, (name) => t('{name} is removed from the team.', { name })],
  [/^(.+) is now a director\.$/s, (name) => t('{name} is now a director.', { name })],
  [/^An invitation email is sent to (.+)\.$/s, (email) => t('An invitation email is sent to {email}.', { email })],
];

export function teamMessage(msg: string | undefined): string | undefined {
  if (msg === undefined) return undefined;
  for (const [pattern, words] of serverMessages) {
    const value = pattern.exec(msg)?.[1];
    if (value !== undefined) return words(value);
  }
  return msg;
}
