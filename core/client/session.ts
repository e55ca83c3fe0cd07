/** Signing in and out, verification and the admin's choice of publisher (spec section 4, Login). */
import type { Scope } from '../../schemas/generated/entities/scope';
import type { PublisherRef, User } from '../../schemas/generated/entities/user';
import type { Features } from '../shared/config';
import { ErrorCodes } from '../shared/envelope';
import { fromPairs } from '../shared/permissions';
import type { Permission as PermissionPair } from '../../schemas/generated/entities/permission';
import { authEndpoints } from '../shared/endpoints/auth';
import { call } from './api';
import { handleError } from './errors';
import {
  adminPublishersAtom,
  clearSession,
  currentScopeAtom,
  editorVersionAtom,
  featuresAtom,
  permissionsAtom,
  scopesAtom,
  store,
  tokenAtom,
  userAtom,
  verificationAtom,
} from './stores';

/** The two shapes of the generated AuthVerify read as one, each part optional: the code below asks for what it finds. */
interface VerifyAnswer {
  user: User;
  scopes?: Scope[];
  permissions?: PermissionPair[];
  features?: Omit<Features, '$schema'>;
  publishers?: PublisherRef[];
}

/** GET /auth/verify, its data read as one shape. */
const fetchVerification = (): Promise<{ data: VerifyAnswer; msg?: string }> => call(authEndpoints.verify);

/** Stores the token, then verifies it. A failed verification clears the token. */
export async function signIn(token: string): Promise<void> {
  store.set(tokenAtom, token);
  await verify();
}

export async function verify(): Promise<void> {
  store.set(verificationAtom, 'verifying');
  try {
    const { data, msg } = await fetchVerification();
    store.set(userAtom, data.user);
    if (msg === ErrorCodes.publisherRequired) {
      const publishers = data.publishers ?? data.user.admin?.publishers ?? [];
      if (publishers.length === 0) {
        // An admin with no publisher to work in goes back to the start.
        clearSession();
        return;
      }
      store.set(adminPublishersAtom, publishers);
      store.set(scopesAtom, []);
      store.set(permissionsAtom, new Set());
      return;
    }
    store.set(adminPublishersAtom, null);
    storeScopes(data);
    store.set(featuresAtom, data.features ?? null);
  } catch (error) {
    clearSession();
    await handleError(error);
  } finally {
    store.set(verificationAtom, 'done');
  }
}

/** The scopes and permissions of a verified session; a current scope no longer among them is forgotten. */
function storeScopes(data: VerifyAnswer): void {
  // Editors and authors work in newsletters only.
  const role = data.user.role.key;
  const scopes = (data.scopes ?? []).filter((scope) => !(scope.type === 'publisher' && (role === 'editor' || role === 'author')));
  store.set(scopesAtom, scopes);
  store.set(permissionsAtom, new Set(fromPairs(data.permissions ?? [])));
  const current = store.get(currentScopeAtom);
  if (current && !scopes.some((scope) => scope._id === current._id)) store.set(currentScopeAtom, null);
}

/**
 * Asks for the session's scopes and permissions again (a newsletter was just created, so the
 * scope switcher lists it at once). Unlike verify() it leaves the verification state alone: the
 * console keeps its screen instead of showing the loading one. A failure is the caller's to handle.
 */
export async function refreshScopes(): Promise<void> {
  const { data, msg } = await fetchVerification();
  // An admin who has not chosen a publisher has no scopes to refresh.
  if (msg === ErrorCodes.publisherRequired) return;
  storeScopes(data);
}

/** An admin chooses the publisher to work in: a new token, then verification again. */
export async function choosePublisher(publisherId: string): Promise<boolean> {
  try {
    const { data } = await call(authEndpoints.scope, { body: { publisher: publisherId } });
    store.set(currentScopeAtom, null);
    await signIn(data);
    return true;
  } catch (error) {
    await handleError(error);
    return false;
  }
}

/**
 * Logout: the console forgets the session at once, and asks the server to end it, so the token
 * is refused from now on wherever a copy of it is. A failed call changes nothing here.
 */
export async function signOut(): Promise<void> {
  const token = store.get(tokenAtom);
  clearSession();
  store.set(currentScopeAtom, null);
  if (token) await call(authEndpoints.logout, { headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
}

/** The editor version flag; a failed fetch is ignored. */
export async function fetchEditorVersion(): Promise<void> {
  try {
    const { data } = await call(authEndpoints.editorVersion);
    store.set(editorVersionAtom, data);
  } catch {
    store.set(editorVersionAtom, null);
  }
}

export type { Scope };
