import Ajv, { type Options } from 'ajv';
import addErrors from 'ajv-errors';
import addFormats from 'ajv-formats';

export { detailsOf, toDetails, type ValidationDetail, type ValidationResult } from './validation-details';

export interface ValidatorOptions {
  /** Query strings and params arrive as text: coerce them to the schema's types. */
  coerceTypes?: boolean;
  /** Keep the generated code, to emit it as a module (the console's validators, built by Vite). */
  code?: Options['code'];
}

/**
 * The one ajv setup: the server validates requests with it, and the build turns the same schemas
 * into the console's form validators, so both refuse the same input with the same message.
 * `errorMessage` in the schemas carries the spec's texts (ajv-errors).
 */
export function createAjv(options: ValidatorOptions = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    $data: true,
    strict: false,
    useDefaults: true,
    coerceTypes: options.coerceTypes ? 'array' : false,
    code: options.code,
  });
  // Only the server checks formats; the console's schemas use patterns (they compile to plain
  // code), and a format in a schema both share is left to the server, said so instead of warned.
  const formats = ['uri', 'date-time', 'date', 'uuid'] as const;
  if (!options.code?.source) addFormats(ajv, [...formats]);
  else for (const format of formats) ajv.addFormat(format, true);
  addErrors(ajv);
  return ajv;
}
