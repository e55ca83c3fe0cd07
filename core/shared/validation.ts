import Ajv, { type AnySchema, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import addErrors from 'ajv-errors';

/** One problem with an input, as the 422 envelope carries it. */
export interface ValidationDetail {
  message: string;
  path: string;
}

export interface ValidatorOptions {
  /** Query strings and params arrive as text: coerce them to the schema's types. */
  coerceTypes?: boolean;
}

/**
 * The one ajv setup both sides use, so a form and the server refuse the same input with the
 * same message. `errorMessage` in the schemas carries the spec's texts (ajv-errors).
 */
export function createAjv(options: ValidatorOptions = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    $data: true,
    strict: false,
    useDefaults: true,
    coerceTypes: options.coerceTypes ? 'array' : false,
  });
  addFormats(ajv, ['email', 'uri', 'date-time', 'date', 'uuid']);
  addErrors(ajv);
  return ajv;
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

/** Compiles a schema once and answers the details of a value, empty when it is valid. */
export function schemaValidator<T>(ajv: Ajv, schema: AnySchema): (value: unknown) => { ok: true; value: T } | { ok: false; details: ValidationDetail[] } {
  const validate: ValidateFunction = ajv.compile(schema);
  return (value) => (validate(value) ? { ok: true, value: value as T } : { ok: false, details: toDetails(validate.errors) });
}
