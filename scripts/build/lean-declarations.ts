/**
 * The console reads only a declared call's method and path, and a socket event's name
 * (core/shared/endpoints.ts, core/shared/events.ts); the schemas beside them are the server's. This
 * build leaves them out of the console's declarations (plugins/<id>/endpoints.ts and events.ts,
 * core/shared/endpoints/): `endpoint(method, path, spec)` keeps an empty spec, `socketEvent(name,
 * payload)` an empty payload, and the schema helpers left unused fall away (they are marked free of
 * side effects). Used by vite.config.ts; the server and the tests read the declarations whole.
 */
import type { Plugin } from 'vite';

const declarations = /([\\/]plugins[\\/][^\\/]+[\\/](endpoints|events)|[\\/]core[\\/]shared[\\/]endpoints[\\/][^\\/]+)\.ts$/;

/** What the console keeps of each declaring call: its first arguments, and an empty object for the rest. */
const kept: Record<string, number> = { endpoint: 2, socketEvent: 1 };

interface Node {
  type: string;
  start: number;
  end: number;
  callee?: Node & { name?: string };
  arguments?: Node[];
  [key: string]: unknown;
}

/** Every call of `endpoint` or `socketEvent` in the module, outermost first. */
function declaringCalls(node: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const item of node) declaringCalls(item, found);
    return found;
  }
  if (!node || typeof node !== 'object') return found;
  const candidate = node as Node;
  if (candidate.type === 'CallExpression' && candidate.callee?.type === 'Identifier' && kept[candidate.callee.name ?? ''] !== undefined) {
    found.push(candidate);
    return found;
  }
  for (const [key, value] of Object.entries(candidate)) if (key !== 'parent') declaringCalls(value, found);
  return found;
}

export function leanDeclarations(): Plugin {
  return {
    name: 'masthead-lean-declarations',
    apply: 'build',
    // After TypeScript is stripped: the module is JavaScript here.
    enforce: 'post',
    transform(code, id) {
      if (!declarations.test(id)) return null;
      const calls = declaringCalls(this.parse(code));
      let lean = code;
      // From the end, so the offsets before each cut stay right.
      for (const call of calls.sort((a, b) => b.start - a.start)) {
        const args = call.arguments ?? [];
        const keep = kept[call.callee!.name!]!;
        if (args.length <= keep) continue;
        lean = `${lean.slice(0, args[keep]!.start)}{}${lean.slice(args.at(-1)!.end)}`;
      }
      return { code: lean, map: null };
    },
  };
}
