/** ajv's errors as the 422 envelope's details. No ajv here: the console imports this without the validator library. */
import type { ErrorObject } from 'ajv';

/** One problem with an input, as the 422 envelope carries it. */
export interface ValidationDetail {
  message: string;
  path: string;
}

/** ajv errors to the envelope's details: the message and a dotted path to the field. */
export function toDetails(errors: ErrorObject[] | null | undefined): ValidationDetail[] {
  if (!errors) return [];
  return errors.map((error) => {
    const path = error.instancePath.split('/').filter(Boolean);
    const missing = missingProperty(error);
    if (missing) path.push(missing);
    return { message: error.message ?? 'Invalid value.', path: path.join('.') };
  });
}

function missingProperty(error: ErrorObject): string | undefined {
  if (error.keyword === 'required') return (error.params as { missingProperty: string }).missingProperty;
  if (error.keyword === 'errorMessage') {
    const inner = (error.params as { errors?: ErrorObject[] }).errors ?? [];
    const required = inner.find((e) => e.keyword === 'required');
    if (required) return (required.params as { missingProperty: string }).missingProperty;
  }
  return undefined;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; details: ValidationDetail[] };

/** A compiled validator (ajv's, or one generated at build time) as a function answering details. */
export function detailsOf<T>(validate: { (value: unknown): boolean; errors?: ErrorObject[] | null }): (value: unknown) => ValidationResult<T> {
  return (value) => (validate(value) ? { ok: true, value: value as T } : { ok: false, details: toDetails(validate.errors) });
}
