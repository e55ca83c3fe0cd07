/**
 * TRUST_PROXY: whose `X-Forwarded-For` the server believes when it decides a client's address
 * (the address the sign-in limits count). Off by default: the address is the connection's, and a
 * forwarding header anyone can write changes nothing. Behind a reverse proxy, name the proxies'
 * addresses or ranges (`10.0.0.5`, `10.0.0.0/8,fd00::/8`, or `loopback`), or the number of
 * proxies in front of the server when it cannot be reached except through them.
 */
import { isIP } from 'node:net';

export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's names for ranges (Fastify passes them on). */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'off' || text === '0') return false;
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const addresses = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = addresses.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined)
    throw new Error(`TRUST_PROXY must be off, a number of proxies, or a comma list of proxy addresses and CIDR ranges; '${wrong}' is none of these`);
  return { addresses };
}

/** The setting as Fastify's `trustProxy` option. */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (!setting) return false;
  if ('addresses' in setting) return setting.addresses;
  // Fastify no longer takes a bare hop count; this is its old meaning: believe the nearest
  // `hops` entries, for a server only its proxies can reach (docs/operations.md).
  return (_address, hop) => hop < setting.hops;
}

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}
