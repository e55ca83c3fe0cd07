/**
 * The auth calls of the spec (section 7): login, verify, scope, password forgot and reset, profile;
 * and two of ours: logout and password change (docs/decisions/0004-sign-in-hardening.md).
 */
import type { AuthProfileForm } from '../../../schemas/generated/api/auth-profile-form';
import type { AuthPublishers } from '../../../schemas/generated/api/auth-publishers';
import type { AuthVerify } from '../../../schemas/generated/api/auth-verify';
import { constants } from '../../shared/config';
import { authEndpoints } from '../../shared/endpoints/auth';
import { ErrorCodes } from '../../shared/envelope';
import { toPairs } from '../../shared/permissions';
import { clock } from '../clock';
import { coreTables, type Db } from '../db/database';
import type { PluginApi } from '../plugins/contract';
import { invalid, notFound, unauthorized } from '../errors';
import { findPublisher, findUserByEmail, listPublishers, updateProfile } from '../store';
import { accountCounter, addressCounter, createAttemptLimiter, type AttemptLimiter } from './attempts';
import { hashPassword, verifyPassword } from './passwords';
import { presentUser, scopesOf } from './present';
import { codeMatches, newResetCode } from './reset-codes';
import { endSession, replacePassword, setResetCode, startSession } from './sessions';
import type { TokenService } from './tokens';
import { renderStaffMail } from '../services/mail-layout';

const limits = constants.auth.signInLimits;

/** What the auth calls share: the core's tables, the sign-in lockout and the tokens. */
interface AuthContext {
  db: Db;
  attempts: AttemptLimiter;
  tokens: TokenService;
}

export function registerAuthRoutes(api: PluginApi, tokens: TokenService): void {
  const db = coreTables(api.db);
  const auth: AuthContext = { db, attempts: createAttemptLimiter(db), tokens };
  registerSignIn(api, auth);
  registerPasswords(api, auth);
  registerAccount(api, auth);
}

/** Signing in, the signed-in user, and an admin's choice of publisher. */
function registerSignIn(api: PluginApi, auth: AuthContext): void {
  const { db, attempts, tokens } = auth;

  api.serve(authEndpoints.login, {
    public: true,
    summary: 'Sign in; data is the access token.',
    async handler(request) {
      const email = request.body.email.toLowerCase();
      const attempt = await attempts.begin([accountCounter(email, limits.account), addressCounter(request.ip, limits.address)]);
      const user = await findUserByEmail(db, email);
      const ok = await verifyPassword(user?.password_hash ?? null, request.body.password);
      if (!user || !ok) throw unauthorized('E-mail or password is wrong.');
      await attempt.succeeded();
      return { data: await signIn(auth, user.id), msg: 'OK' };
    },
  });

  api.serve(authEndpoints.verify, {
    signedIn: true,
    summary: 'The signed-in user, their scopes and permissions; PUBLISHER_IS_REQUIRED for an admin who has not chosen a publisher.',
    async handler(_request, _reply, session) {
      const user = presentUser(session.user, session.publisherId);
      if (session.role === 'admin' && !session.publisherId) {
        const publishers = await allPublishers(db);
        const data: AuthVerify = { user: { ...user, admin: { publishers } }, publishers };
        return { data, msg: ErrorCodes.publisherRequired };
      }
      const scopes = await scopesOf(db, session);
      const data: AuthVerify = { user, scopes, permissions: toPairs([...session.permissions]), features: withoutSchema(api.features()) };
      return { data, msg: 'OK' };
    },
  });

  api.serve(authEndpoints.scope, {
    requires: 'publishers.change',
    summary: 'An admin chooses a publisher; data is a new token for it.',
    async handler(request, _reply, session) {
      const publisher = await findPublisher(db, request.body.publisher);
      if (!publisher) throw notFound('Publisher not found.');
      // The same sign-in, now in this publisher: Logout still ends it.
      return { data: await tokens.sign({ sub: session.user.id, sid: session.sessionId, pub: publisher.id }, session.expiresAt), msg: 'OK' };
    },
  });

  api.serve(authEndpoints.publishers, {
    requires: 'publishers.change',
    summary: 'The publishers an admin may work in (Change Publisher).',
    async handler() {
      const data: AuthPublishers = { publishers: await allPublishers(db) };
      return { data };
    },
  });
}

/** Forgetting, resetting and changing a password. */
function registerPasswords(api: PluginApi, auth: AuthContext): void {
  const { db, attempts } = auth;

  api.serve(authEndpoints.forgotPassword, {
    public: true,
    summary: 'Mails a single-use reset link to the address, if it belongs to a user.',
    async handler(request) {
      // Every request counts against the client's address: each one may send a mail.
      await attempts.begin([addressCounter(request.ip, limits.address)]);
      const email = request.body.email.toLowerCase();
      const user = await findUserByEmail(db, email);
      // The same answer whether or not the address is known: nobody learns who has an account.
      if (user) {
        const { code, hash } = newResetCode();
        const expires = new Date(clock.ms() + constants.auth.resetCodeTtlMinutes * 60_000);
        await setResetCode(db, user.id, hash, expires);
        const link = `${api.env.publicUrl}/forgot-password?code=${encodeURIComponent(code)}&email=${encodeURIComponent(user.email)}`;
        const minutes = constants.auth.resetCodeTtlMinutes;
        const mail = await renderStaffMail({
          title: 'Choose a new password',
          paragraphs: [`Hello ${user.name || user.email},`, `Open this link to choose a new password. It works once and expires in ${minutes} minutes:`],
          button: { label: 'Reset my password', url: link },
          closing: ['If you did not ask for this, ignore this e-mail.'],
          publicUrl: api.env.publicUrl,
        });
        await api.mail.send({ to: user.email, subject: 'Reset your Masthead password', ...mail });
      }
      return { data: true as const, msg: 'We have sent an email to you. Check your inbox.' };
    },
  });

  api.serve(authEndpoints.resetPassword, {
    public: true,
    summary: 'Sets a new password with the code of the reset link and ends every session of the user; data is an access token.',
    async handler(request) {
      const { email, token: code, password } = request.body;
      const attempt = await attempts.begin([addressCounter(request.ip, limits.address)]);
      const user = await findUserByEmail(db, email);
      if (!user || !codeMatches(user.reset_code_hash, code)) throw invalid('This reset link is not valid. Please ask for a new one.', 'token');
      if (!user.reset_expires_at || user.reset_expires_at.getTime() < clock.ms())
        throw invalid('This reset link has expired. Please ask for a new one.', 'token');
      const passwordHash = await hashPassword(password);
      // Used once: the code goes with the change, and whoever knew the old password is out.
      const changed = await replacePassword(db, user.id, passwordHash, { resetCodeHash: user.reset_code_hash });
      if (!changed) throw invalid('This reset link is not valid. Please ask for a new one.', 'token');
      api.realtime.endSessions({ userId: user.id });
      await attempt.succeeded();
      return { data: await signIn(auth, user.id), msg: 'OK' };
    },
  });

  api.serve(authEndpoints.changePassword, {
    signedIn: true,
    summary: "Changes the signed-in user's password and ends all their sessions; data is a new access token for this one.",
    async handler(request, _reply, session) {
      const { currentPassword, password } = request.body;
      // A wrong current password counts like a wrong sign-in: a stolen token cannot guess the password here.
      const attempt = await attempts.begin([accountCounter(session.user.email, limits.account), addressCounter(request.ip, limits.address)]);
      if (!(await verifyPassword(session.user.password_hash, currentPassword))) throw invalid('Your current password is wrong.', 'currentPassword');
      await attempt.succeeded();
      const passwordHash = await hashPassword(password);
      await replacePassword(db, session.user.id, passwordHash);
      api.realtime.endSessions({ userId: session.user.id });
      // An admin goes on in the publisher they chose.
      return {
        data: await signIn(auth, session.user.id, session.role === 'admin' ? (session.publisherId ?? undefined) : undefined),
        msg: 'Your password is changed.',
      };
    },
  });
}

/** Signing out, the profile, and the editor version flag. */
function registerAccount(api: PluginApi, auth: AuthContext): void {
  const { db } = auth;

  api.serve(authEndpoints.logout, {
    signedIn: true,
    summary: "Ends the caller's session: its token is refused from now on.",
    async handler(_request, _reply, session) {
      await endSession(db, session.sessionId);
      api.realtime.endSessions({ sessionId: session.sessionId });
      return { data: true as const, msg: 'OK' };
    },
  });

  api.serve(authEndpoints.profile, {
    signedIn: true,
    summary: 'The profile form: data.body is the signed-in user.',
    async handler(_request, _reply, session) {
      const data: AuthProfileForm = { body: presentUser(session.user, session.publisherId), data: {} };
      return { data };
    },
  });

  api.serve(authEndpoints.saveProfile, {
    signedIn: true,
    summary: "Saves the signed-in user's profile; status.ready=true finishes onboarding.",
    async handler(request, _reply, session) {
      const { profile, status } = request.body;
      const updated = await updateProfile(db, session.user.id, {
        name: profile.name.trim(),
        biography: profile.biography ?? '',
        url: profile.url,
        image: profile.image,
        ready: status?.ready === true ? true : session.user.ready,
      });
      return { data: presentUser(updated, session.publisherId), msg: 'Your profile is saved.' };
    },
  });

  api.serve(authEndpoints.editorVersion, {
    public: true,
    summary: "The editor version flag: 'maintenance' while the site is under maintenance, else 'publish' or 'default'.",
    async handler() {
      const features = api.features();
      return { data: features.maintenance ? ('maintenance' as const) : features.editorVersion };
    },
  });
}

const signIn = (auth: AuthContext, userId: string, publisherId?: string) => startSession(auth.db, auth.tokens, userId, publisherId);

// Admins work for the whole platform: every publisher is theirs to choose.
const allPublishers = async (db: Db) => (await listPublishers(db)).map((row) => ({ _id: row.id, title: row.title }));

function withoutSchema<T extends { $schema?: string }>(config: T): Omit<T, '$schema'> {
  const { $schema: _schema, ...rest } = config;
  return rest;
}
