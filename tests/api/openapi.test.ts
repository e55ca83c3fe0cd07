/**
 * The OpenAPI document at /api/docs/json is self-contained and valid (issue 28): a client
 * generator or swagger-parser reads it without any file of ours, every `$ref` points at a
 * component of the document, the shared schemas are named after their `$id`, and every operation
 * says what it answers (docs/decisions/0027-declared-answers.md).
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './server';

/** Every `$ref` in a document, with where it is. */
function referencesOf(node: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => referencesOf(item, `${at}/${index}`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [{ ref: value, at }] : referencesOf(value, `${at}/${key}`),
  );
}

describe('the OpenAPI document', () => {
  let t: TestServer;
  let document: { components: { schemas: Record<string, unknown> } };

  beforeAll(async () => {
    t = await startTestServer('pglite');
    const answer = await t.request('GET', '/api/docs/json');
    expect(answer.status).toBe(200);
    document = answer.body;
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  it('has only references to its own components, each of which exists', () => {
    const references = referencesOf(document);
    expect(references.length).toBeGreaterThan(50);
    const dangling = references.filter(({ ref }) => {
      const name = ref.match(/^#\/components\/schemas\/([A-Za-z0-9._-]+)$/)?.[1];
      return !name || !(name in document.components.schemas);
    });
    expect(dangling).toEqual([]);
  });

  it('names the shared schemas after their $id', () => {
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['api.date-range', 'entities.issue', 'entities.profile']));
  });

  it('says what every operation answers: its success and the error envelope', () => {
    const paths = (document as unknown as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> }).paths;
    const operations = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
    expect(operations.length).toBeGreaterThan(100);
    const silent = operations
      .filter(({ operation }) => {
        const statuses = Object.keys(operation.responses ?? {});
        return !statuses.some((status) => /^[23]/.test(status)) || !statuses.includes('4XX');
      })
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(silent).toEqual([]);
  });

  it('is valid OpenAPI, read by swagger-parser', async () => {
    // validate() changes what it reads: a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });
});
