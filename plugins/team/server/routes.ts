/**
 * The team calls (spec section 7): a newsletter's team (GET/PUT/DELETE /newsletters/update/{id}/team),
 * a publisher's directors (GET/PUT /publishers/update/{id}/team), invitations (GET/POST
 * /users/create) and editing a member (GET/PUT /users/update/{id}). Every change of a member goes
 * through the one team rule of ../rules.ts.
 */
import type { TeamNewsletterForm } from '../../../schemas/generated/api/team-newsletter-form';
import type { TeamPublisherForm } from '../../../schemas/generated/api/team-publisher-form';
import type { UserInviteForm } from '../../../schemas/generated/api/user-invite-form';
import { callerPublisher, type Session } from '../../../core/server/auth/session';
import { setResetCode } from '../../../core/server/auth/sessions';
import type { Handle } from '../../../core/server/db/database';
import { invalid, notFound, unauthorized } from '../../../core/server/errors';
import { addMemberships, findStaff, isMember, makeDirector, membersOf, removeMembership, type StaffRow, updateMember } from '../../../core/server/people';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { findPublisher } from '../../../core/server/store';
import { roleRefusal } from '../../../core/shared/permissions';
import { changeRefusal, inviteRoles, isNewsletterRole, mayAddMembers, newsletterRoles, type NewsletterRole, type TeamType } from '../rules';
import { invitationLink, newInvitationCode, sendInvitation } from './invite';
import { presentMember } from './present';
import { findUserByEmail, insertInvitee, possibleMembers, staffWithRoles } from './store';
import { teamEndpoints } from '../endpoints';

/** The team rule, as a refusal: 401 with the reason. */
function assertMayChange(session: Session, target: { id: string; role: StaffRow['role'] }): void {
  const refusal = changeRefusal({ id: session.user.id, role: session.role }, target);
  if (refusal) throw unauthorized(refusal, 'UNAUTHORIZED');
}

function assertMayAdd(session: Session): void {
  if (!mayAddMembers(session.can)) throw unauthorized(roleRefusal(session.role, 'adding team members'), 'UNAUTHORIZED');
}

export function registerTeamRoutes(api: PluginApi): void {
  registerNewsletterTeam(api);
  registerPublisherTeam(api);
  registerInvitations(api);
  registerMemberEditing(api);
}

/** A newsletter's team: GET, PUT (assign) and DELETE (unassign) /newsletters/update/{id}/team. */
function registerNewsletterTeam(api: PluginApi): void {
  const { db } = api;

  api.serve(teamEndpoints.newsletterTeam, {
    requires: 'team.list',
    summary: "A newsletter's team: data.body the editors and authors, data.data the publisher's staff who could join, by role.",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.id);
      const publisherId = callerPublisher(session);
      const [team, possible] = await Promise.all([membersOf(db, request.params.id), possibleMembers(db, publisherId, request.params.id)]);
      const couldJoin = (role: NewsletterRole) => possible.filter((row) => row.role === role).map((row) => presentMember(row));
      const data: TeamNewsletterForm = {
        body: team.map((row) => presentMember(row, row.member_role)),
        data: { editor: couldJoin('editor'), author: couldJoin('author') },
      };
      return { data };
    },
  });

  api.serve(teamEndpoints.assign, {
    requires: 'team.manage',
    summary: "Assigns an existing member of the publisher's staff to the newsletter, in their role.",
    async handler(request, _reply, session) {
      assertMayAdd(session);
      session.assertNewsletter(request.params.id);
      const target = await findStaff(db, callerPublisher(session), request.body.userId);
      if (!target) throw notFound('Member not found.');
      if (!isNewsletterRole(target.role)) throw invalid(`${target.name || target.email} is a ${target.role} and already works on every newsletter.`, 'userId');
      // The spec sends the member alone: they join in their own role.
      const role = request.body.role ?? target.role;
      if (target.role !== role)
        throw invalid(`${target.name || target.email} is ${target.role === 'author' ? 'an' : 'a'} ${target.role}; assign them as ${target.role}.`, 'role');
      await addMemberships(db, target.id, [request.params.id], role);
      return { data: presentMember(target, role), msg: `${target.name || target.email} is added to the team.` };
    },
  });

  api.serve(teamEndpoints.unassign, {
    requires: 'team.manage',
    summary: "Removes a member from the newsletter's team (the team rules apply); the account stays with the publisher.",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.id);
      const target = await changeableMember(db, session, request.body.userId);
      if (!(await isMember(db, request.params.id, target.id))) throw notFound('Member not found.');
      // Their sessions end with it (store.ts): their sockets stop hearing this newsletter's rooms now.
      if (await removeMembership(db, request.params.id, target.id)) api.realtime.endSessions({ userId: target.id });
      return { data: { _id: target.id }, msg: `${target.name || target.email} is removed from the team.` };
    },
  });
}

/** A publisher's directors: GET/PUT /publishers/update/{id}/team. */
function registerPublisherTeam(api: PluginApi): void {
  const { db } = api;

  api.serve(teamEndpoints.publisherTeam, {
    requires: 'publishers.update',
    summary: "A publisher's team: data.body the directors, data.data.director the staff who could become one.",
    async handler(request, _reply, session) {
      session.assertPublisher(request.params.id);
      const [directors, possible] = await Promise.all([
        staffWithRoles(db, request.params.id, ['director']),
        staffWithRoles(db, request.params.id, ['editor', 'author']),
      ]);
      const data: TeamPublisherForm = { body: directors.map((row) => presentMember(row)), data: { director: possible.map((row) => presentMember(row)) } };
      return { data };
    },
  });

  api.serve(teamEndpoints.makeDirector, {
    requires: 'publishers.update',
    summary: 'Makes an editor or author of the publisher a director (they then reach every newsletter).',
    async handler(request, _reply, session) {
      session.assertPublisher(request.params.id);
      const target = await changeableMember(db, session, request.body.userId);
      await makeDirector(db, target.id);
      api.realtime.endSessions({ userId: target.id });
      return { data: presentMember({ ...target, role: 'director' }), msg: `${target.name || target.email} is now a director.` };
    },
  });
}

/** Invitations: GET/POST /users/create. */
function registerInvitations(api: PluginApi): void {
  const { db } = api;

  api.serve(teamEndpoints.inviteForm, {
    requires: 'team.manage',
    summary: 'The invitation form: data.body the template (email, role, profile, newsletters), data.data.roles the roles it offers.',
    async handler(request) {
      const asked = request.query.role;
      const type: TeamType = asked === 'publisher' || asked === 'director' ? 'publisher' : 'newsletter';
      const role = asked && asked !== 'newsletter' && asked !== 'publisher' ? asked : '';
      const data: UserInviteForm = {
        body: { email: '', role, profile: { name: '', biography: '', url: '', image: '' }, newsletters: [] },
        data: { roles: [...inviteRoles[type]] },
      };
      return { data };
    },
  });

  api.serve(teamEndpoints.invite, {
    requires: 'team.manage',
    summary:
      "Invites a member: a new account in the caller's publisher with the newsletters' memberships, and an e-mail with a link to choose a password. An address that already has an account of this publisher gets the membership instead.",
    async handler(request, _reply, session) {
      assertMayAdd(session);
      const publisherId = callerPublisher(session);
      const { role } = request.body;
      const email = request.body.email.trim();
      const newsletters = role === 'director' ? [] : (request.body.newsletters ?? []);
      if (role !== 'director' && newsletters.length === 0) throw invalid('Select a newsletter.', 'newsletters');
      for (const newsletterId of newsletters) session.assertNewsletter(newsletterId);

      const invite = async (userId: string | null) => {
        const { code, hash, expiresAt } = newInvitationCode();
        if (userId) await setResetCode(db, userId, hash, expiresAt);
        const publisher = (await findPublisher(db, publisherId))!;
        const id = userId ?? (await insertInvitee(db, { email, role, publisherId, name: request.body.profile?.name?.trim() ?? '', codeHash: hash, expiresAt }));
        await sendInvitation(api.mail, api.env.publicUrl, {
          email,
          link: invitationLink(api.env.publicUrl, code, email),
          inviter: session.user.name || session.user.email,
          publisher: publisher.title,
          role,
        });
        return id;
      };

      const existing = await findUserByEmail(db, email);
      if (!existing) {
        const id = await invite(null);
        if (isNewsletterRole(role)) await addMemberships(db, id, newsletters, role);
        return { data: presentMember((await findStaff(db, publisherId, id))!), msg: `An invitation email is sent to ${email}.` };
      }
      if (existing.publisher_id !== publisherId) throw invalid('This e-mail belongs to an account of another publisher.', 'email');
      if (role === 'director') {
        if (existing.role === 'director') throw invalid(`${email} is already a director.`, 'email');
        assertMayChange(session, existing);
        await makeDirector(db, existing.id);
        api.realtime.endSessions({ userId: existing.id });
      } else {
        if (existing.role === 'director') throw invalid(`${email} is a director and already works on every newsletter.`, 'email');
        if (existing.role !== role)
          throw invalid(
            `${email} is already ${existing.role === 'author' ? 'an' : 'a'} ${existing.role}; invite them as ${existing.role} or change the role with Edit.`,
            'role',
          );
        await addMemberships(db, existing.id, newsletters, role);
      }
      // Someone who never chose a password gets a fresh link; the others simply join.
      if (existing.pending) {
        await invite(existing.id);
        return { data: presentMember((await findStaff(db, publisherId, existing.id))!), msg: `An invitation email is sent to ${email}.` };
      }
      return { data: presentMember((await findStaff(db, publisherId, existing.id))!), msg: `${email} is added to the team.` };
    },
  });
}

/** Editing a member: GET/PUT /users/update/{id}. */
function registerMemberEditing(api: PluginApi): void {
  const { db } = api;

  api.serve(teamEndpoints.memberForm, {
    requires: 'team.manage',
    summary:
      'The edit-user form: data.body the member (profile, status, role), data.data.roles the roles offered (never director or admin). The team rules apply.',
    async handler(request, _reply, session) {
      const target = await changeableMember(db, session, request.params.id);
      const member = presentMember(target);
      return {
        data: {
          // The team rule (changeableMember) refuses directors and admins: the member is an editor or an author.
          body: { _id: member._id, email: member.email, role: { key: member.role as NewsletterRole }, profile: member.profile, status: member.status },
          data: { roles: [...newsletterRoles] },
        },
      };
    },
  });

  api.serve(teamEndpoints.saveMember, {
    requires: 'team.manage',
    summary: "Saves a member's profile, role (editor or author) and ready flag. The team rules apply.",
    async handler(request, _reply, session) {
      const target = await changeableMember(db, session, request.params.id);
      const { profile, status } = request.body;
      // The role as the edit form's GET answers it ({ key }), or the plain key.
      const role = typeof request.body.role === 'object' ? request.body.role.key : request.body.role;
      const updated = await updateMember(db, target.id, {
        name: profile.name.trim(),
        biography: (profile.biography ?? '').trim(),
        url: (profile.url ?? '').trim(),
        image: profile.image ?? target.image,
        role,
        ready: status?.ready,
      });
      // A new role ends their sessions (store.ts), and with them their sockets.
      if (updated.role !== target.role) api.realtime.endSessions({ userId: target.id });
      return { data: presentMember(updated), msg: 'The member is saved.' };
    },
  });
}

/** A member of the caller's publisher the caller may change: not themself (checked first, so an admin hears it too), then the rule. */
async function changeableMember(db: Handle, session: Session, userId: string): Promise<StaffRow> {
  if (userId === session.user.id) assertMayChange(session, { id: userId, role: session.role });
  const target = await findStaff(db, callerPublisher(session), userId);
  if (!target) throw notFound('Member not found.');
  assertMayChange(session, target);
  return target;
}
