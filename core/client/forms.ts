/**
 * Form validation with the same schemas (and messages) the server validates requests with. A
 * form imports its schema with '?validator' and gets generated code, not the ajv library.
 */
import { HTTPError } from 'ky';
import { useCallback, useState, type FormEvent } from 'react';
import { detailsOf, type ValidationDetail, type ValidationResult } from '../shared/validation-details';
import { handleError } from './errors';
import { toast } from './toasts';
import { t } from './words';

export { detailsOf as formValidator };

/**
 * Field errors by path, first message per field, in the console's language (the schemas' messages
 * are the spec's English; each part's catalog has their words): shown under their fields as they are.
 */
export function byField(details: ValidationDetail[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const detail of details) if (!(detail.path in errors)) errors[detail.path] = t(detail.message);
  return errors;
}

/** A refused save's problems by field (a 422's details), so each shows under its own field; nothing for any other failure. */
export async function fieldErrorsOf(error: unknown): Promise<Record<string, string>> {
  if (!(error instanceof HTTPError) || error.response.status !== 422) return {};
  try {
    const body = (await error.response.clone().json()) as { details?: ValidationDetail[] };
    return byField(body.details ?? []);
  } catch {
    return {};
  }
}

/**
 * A form's values and errors; `check()` validates all fields and answers whether they are valid.
 * The check may answer another shape than the values (B), e.g. a date field's text as an ISO date.
 */
export function useSchemaForm<T extends object, B = T>(validate: (value: T) => ValidationResult<B>, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key as string]: _removed, ...rest } = current;
      return rest;
    });
  }, []);
  const check = useCallback((): ValidationResult<B> => {
    const result = validate(structuredClone(values));
    setErrors(result.ok ? {} : byField(result.details));
    return result;
  }, [validate, values]);
  /** A field's value, change handler (taking the value) and error: `<ImageField {...form.field('image')} />`. */
  const field = <K extends keyof T>(key: K) => ({ value: values[key], onChange: (value: T[K]) => set(key, value), errorMessage: errors[key as string] });
  /** A text field's value, change handler and error, for a string field: `<TextField {...form.text('title')} />`. */
  const text = (key: StringKey<T>) => ({
    value: values[key] as string,
    onChange: (_event: unknown, value?: string) => set(key, (value ?? '') as T[typeof key]),
    errorMessage: errors[key as string],
  });
  return { values, setValues, set, errors, setErrors, check, field, text };
}

/** The spec's way to refuse a form: besides each field's message, the first problem as an 'Error!' toast. */
export function toastFirstProblem<T>(result: ValidationResult<T>): ValidationResult<T> {
  if (!result.ok) toast('error', 'Error!', result.details[0]?.message);
  return result;
}

/** The keys of T whose values are strings (or may be left out). */
export type StringKey<T> = { [K in keyof T]-?: NonNullable<T[K]> extends string ? K : never }[keyof T];

/**
 * A call a button makes (a save, a confirmation): `busy` while it is under way; a failure goes to
 * the shared error handler, and what was typed stays.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (send: () => Promise<void>) => {
    setBusy(true);
    try {
      await send();
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/**
 * A form's submit: validate, then send; a failure goes to the shared error handler and the form
 * keeps what was typed. `busy` is true while the call is under way.
 */
export function useFormSubmit<T>(check: () => ValidationResult<T>, send: (value: T) => Promise<void>) {
  const { busy, run } = useBusy();
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const result = check();
    if (!result.ok) return;
    await run(() => send(result.value));
  };
  return { busy, submit };
}

/**
 * A save by a form's own button, after its check: `busy` while under way. A refusal's problems go
 * under their fields (a 422's details) and through the shared error handler, and what was typed
 * stays; a save that went through clears the fields' errors.
 */
export function useSave(setErrors: (errors: Record<string, string>) => void) {
  const [busy, setBusy] = useState(false);
  const save = async (send: () => Promise<void>) => {
    setBusy(true);
    try {
      await send();
      setErrors({});
    } catch (error) {
      setErrors(await fieldErrorsOf(error));
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, save };
}
