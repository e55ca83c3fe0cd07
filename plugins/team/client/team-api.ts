/** The team calls as the pages use them. */
import { useCallback, useEffect, useState } from 'react';
import { callPath } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import type { TeamMember } from '../../../schemas/generated/api/team-member';

export type { TeamMember };

export interface TeamData {
  /** The current team. */
  body: TeamMember[];
  /** Who could join, by role. */
  data: Partial<Record<'editor' | 'author' | 'director', TeamMember[]>>;
}

/** Loads a team (`newsletters/update/{id}/team` or `publishers/update/{id}/team`); `reload` after a change. */
export function useTeam(path: string) {
  const [team, setTeam] = useState<TeamData | null>(null);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const { data } = await callPath<TeamData>('get', path);
      setTeam(data);
    } catch (error) {
      await handleError(error);
    } finally {
      setLoading(false);
    }
  }, [path]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { team, loading, reload };
}

export const displayName = (member: Pick<TeamMember, 'profile' | 'email'>) => member.profile.name || member.email;

export const roleLabels: Record<string, string> = { director: 'Director', editor: 'Editor', author: 'Author' };
