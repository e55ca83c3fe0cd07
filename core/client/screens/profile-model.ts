/** Loading and saving the signed-in user's profile, validated by the same schema as the server's. */
import updateSchema from '../../../schemas/api/profile-update.schema.json?validator';
import type { ProfileUpdateBody } from '../../../schemas/generated/api/profile-update';
import type { User } from '../../../schemas/generated/entities/user';
import { authEndpoints } from '../../shared/endpoints/auth';
import { call } from '../api';
import { handleError } from '../errors';
import { byField, formValidator } from '../forms';
import { store, userAtom } from '../stores';
import { toast } from '../toasts';

export const validateProfile = formValidator<ProfileUpdateBody>(updateSchema);

export async function loadProfile(): Promise<User | null> {
  try {
    const { data } = await call(authEndpoints.profile);
    return data.body;
  } catch (error) {
    await handleError(error);
    return null;
  }
}

/** Validates, saves, and answers the field errors (empty when saved). */
export async function saveProfile(body: ProfileUpdateBody): Promise<Record<string, string> | null> {
  const result = validateProfile(body);
  if (!result.ok) {
    // Saving aborts when the validator reports a problem; the first one is also said aloud.
    toast('error', 'Error!', result.details[0]?.message);
    return byField(result.details);
  }
  try {
    const { data } = await call(authEndpoints.saveProfile, { body: result.value });
    store.set(userAtom, (user) => (user ? { ...user, profile: data.profile, status: data.status } : data));
    return {};
  } catch (error) {
    await handleError(error);
    return null;
  }
}
