/**
 * What the console knows of the signed-in user, kept in jotai atoms. The token (accessToken) and
 * the current scope (current-scope) survive a reload in local storage.
 */
import { atom, getDefaultStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { Features } from '../shared/config';
import type { Scope } from '../../schemas/generated/entities/scope';
import type { PublisherRef, User } from '../../schemas/generated/entities/user';
import type { Permission } from '../shared/permissions';

/** The token is a plain string in storage (not JSON), as other tools reading it expect. */
const plainStorage = {
  getItem: (key: string, initial: string | null) => localStorage.getItem(key) ?? initial,
  setItem: (key: string, value: string | null) => (value === null ? localStorage.removeItem(key) : localStorage.setItem(key, value)),
  removeItem: (key: string) => localStorage.removeItem(key),
};

export const tokenAtom = atomWithStorage<string | null>('accessToken', null, plainStorage, { getOnInit: true });
export const currentScopeAtom = atomWithStorage<Scope | null>(
  'current-scope',
  null,
  createJSONStorage<Scope | null>(() => localStorage),
  { getOnInit: true },
);

export const userAtom = atom<User | null>(null);
export const scopesAtom = atom<Scope[]>([]);
export const permissionsAtom = atom<ReadonlySet<Permission>>(new Set<Permission>());
/** Set when verification answers PUBLISHER_IS_REQUIRED: the admin must pick a publisher. */
export const adminPublishersAtom = atom<PublisherRef[] | null>(null);
export const featuresAtom = atom<Omit<Features, '$schema'> | null>(null);
/** The editor version flag ('maintenance', 'publish', ...); null until known or when the fetch failed. */
export const editorVersionAtom = atom<string | null>(null);
/** 'idle' before the first verification, then 'verifying' and 'done'. */
export const verificationAtom = atom<'idle' | 'verifying' | 'done'>('idle');

export const store = getDefaultStore();

/** Forgets everything about the signed-in user. */
export function clearSession(): void {
  store.set(tokenAtom, null);
  store.set(userAtom, null);
  store.set(scopesAtom, []);
  store.set(permissionsAtom, new Set<Permission>());
  store.set(adminPublishersAtom, null);
  store.set(featuresAtom, null);
}
