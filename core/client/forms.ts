/** Form validation with the same schemas (and messages) the server validates requests with. */
import type { AnySchema } from 'ajv';
import { useCallback, useState } from 'react';
import { createAjv, schemaValidator, type ValidationDetail } from '../shared/validation';

const ajv = createAjv();

/** Registers schemas that others refer to ($ref), once. */
export function registerSchemas(...schemas: AnySchema[]): void {
  for (const schema of schemas) {
    const id = (schema as { $id?: string }).$id;
    if (id && !ajv.getSchema(id)) ajv.addSchema(schema);
  }
}

export function formValidator<T>(schema: AnySchema) {
  const id = (schema as { $id?: string }).$id;
  return schemaValidator<T>(ajv, id && ajv.getSchema(id) ? { $ref: id } : schema);
}

/** Field errors by path, first message per field. */
export function byField(details: ValidationDetail[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const detail of details) if (!(detail.path in errors)) errors[detail.path] = detail.message;
  return errors;
}

/** A form's values and errors; `check()` validates all fields and answers whether they are valid. */
export function useSchemaForm<T extends object>(validate: (value: unknown) => { ok: true; value: T } | { ok: false; details: ValidationDetail[] }, initial: T) {
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
  const check = useCallback((): { ok: true; value: T } | { ok: false; details: ValidationDetail[] } => {
    const result = validate(structuredClone(values));
    setErrors(result.ok ? {} : byField(result.details));
    return result;
  }, [validate, values]);
  return { values, setValues, set, errors, setErrors, check };
}
