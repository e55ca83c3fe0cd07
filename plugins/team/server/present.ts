/** What the team pages see of a member. */
import type { TeamMember } from '../../../schemas/generated/api/team-member';
import type { StaffRow } from '../../../core/server/people';

export function presentMember(row: StaffRow, role: string = row.role): TeamMember {
  return {
    _id: row.id,
    role: role as TeamMember['role'],
    email: row.email,
    profile: { name: row.name, biography: row.biography, url: row.url, image: row.image },
    status: { ready: row.ready },
  };
}
