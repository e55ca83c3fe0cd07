/** The team calls as the pages use them. */
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import type { TeamMember } from '../../../schemas/generated/api/team-member';
import type { TeamType } from '../rules';
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

export const roleLabels: Record<string, string> = { director: 'Director', editor: 'Editor', author: 'Author' };
