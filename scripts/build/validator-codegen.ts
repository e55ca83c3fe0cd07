/**
 * Build-time form validators: `import validate from '.../x.schema.json?validator'` becomes plain
 * generated code (ajv's standalone output), so the console needs neither the ajv library nor
 * `eval`, which its Content-Security-Policy forbids. Used by vite.config.ts and vitest.config.ts.
 */
import standaloneCode from 'ajv/dist/standalone';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { readSchemaFiles } from '../../core/server/schemas/files';
import { createAjv } from '../../core/shared/validation';

const suffix = '?validator';

// ajv's standalone code requires two small runtime helpers; these stand in for them as ES modules.
const runtime = `
const __ucs2length = (text) => { let length = 0; for (let i = 0; i < text.length; i++) { length++; const code = text.charCodeAt(i); if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++; } return length; };
const __equal = (a, b) => a === b || JSON.stringify(a) === JSON.stringify(b);
`;

export function validatorModule(schemaPath: string): string {
  const ajv = createAjv({ code: { source: true, esm: true } });
  for (const { schema } of readSchemaFiles()) ajv.addSchema(schema);
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as { $id?: string };
  const validate = (schema.$id && ajv.getSchema(schema.$id)) || ajv.compile(schema);
  const code = standaloneCode(ajv, validate)
    .replaceAll('require("ajv/dist/runtime/ucs2length").default', '__ucs2length')
    .replaceAll('require("ajv/dist/runtime/equal").default', '__equal');
  if (code.includes('require(')) throw new Error(`${schemaPath}: the generated validator needs a runtime helper this build does not provide`);
  return `${runtime}\n${code}`;
}

export function schemaValidators(): Plugin {
  return {
    name: 'masthead-schema-validators',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(suffix)) return null;
      const resolved = await this.resolve(source.slice(0, -suffix.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}${suffix}` : null;
    },
    load(id) {
      if (!id.endsWith(suffix)) return null;
      const path = id.slice(0, -suffix.length);
      this.addWatchFile(path);
      return validatorModule(path);
    },
  };
}
