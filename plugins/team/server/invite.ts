/**
 * Invitations: the invitee gets the password reset flow's link (/forgot-password?code&email) with a
 * longer life, so setting a password is the reset the console already has (and it signs them in).
 */
import { newResetCode } from '../../../core/server/auth/reset-codes';
import type { Mailer } from '../../../core/server/services/mail';
import { renderStaffMail } from '../../../core/server/services/mail-layout';
import { constants } from '../../../core/shared/config';
import { clock } from '../../../core/server/clock';

const dayMs = 24 * 60 * 60_000;

export function newInvitationCode(now = clock.ms()): { code: string; hash: string; expiresAt: Date } {
  const { code, hash } = newResetCode();
  return { code, hash, expiresAt: new Date(now + constants.auth.inviteTtlDays * dayMs) };
}

export function invitationLink(publicUrl: string, code: string, email: string): string {
  return `${publicUrl}/forgot-password?code=${encodeURIComponent(code)}&email=${encodeURIComponent(email)}`;
}

export async function sendInvitation(
  mail: Mailer,
  publicUrl: string,
  invitation: { email: string; link: string; inviter: string; publisher: string; role: string },
): Promise<void> {
  const days = constants.auth.inviteTtlDays;
  const intro = `${invitation.inviter} invited you to join ${invitation.publisher} on Masthead as ${article(invitation.role)} ${invitation.role}.`;
  const message = await renderStaffMail({
    title: `Join ${invitation.publisher} on Masthead`,
    paragraphs: ['Hello,', intro, `Open this link to choose your password. It works once and expires in ${days} days:`],
    button: { label: 'Choose my password', url: invitation.link },
    closing: ['If you did not expect this, ignore this e-mail.'],
    publicUrl,
  });
  await mail.send({ to: invitation.email, subject: `You are invited to ${invitation.publisher} on Masthead`, ...message });
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
