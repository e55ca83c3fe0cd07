/** A JSON Schema imported with '?validator' is its compiled validation function (see scripts/build/validator-codegen.ts). */
declare module '*.schema.json?validator' {
  import type { ErrorObject } from 'ajv';
  const validate: { (value: unknown): boolean; errors?: ErrorObject[] | null };
  export default validate;
}
