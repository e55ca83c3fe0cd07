/**
 * Fetching an address a user typed (a podcast feed, a page to embed) or one such a page names (an
 * enclosure, an og:image) without letting it reach into our own network: only http and https,
 * every hop of a redirect checked, connections to this machine's addresses and to every
 * special-purpose block (loopback, private, link-local, documentation, ...) refused at the moment
 * of connecting (unless the caller allows private addresses: tests, intranets), a time limit, and
 * a size cap enforced while the body streams in. Failures are `FetchRefused` errors whose message
 * the user may read; each feature words its own refusal of a private address.
 */
import dns, { type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';

export const urlMessage = 'URL should be valid and must start with either https:// or http://';
export const privateAddressMessage = 'This address is on a private network; only public addresses can be fetched.';

/** Why a fetch was refused or failed; `message` is for the user. */
export type FetchFailure = 'invalid' | 'private' | 'not-found' | 'too-big' | 'unreachable';

/** A fetch refused or failed, with a message the user may read. */
export class FetchRefused extends Error {
  constructor(
    message: string,
    readonly kind: FetchFailure = 'invalid',
  ) {
    super(message);
    this.name = 'FetchRefused';
  }
}

/** Whether private addresses may be reached: never, always (tests, intranets), or for some addresses only. */
export type PrivateAccess = boolean | ((url: URL) => boolean);

const allows = (access: PrivateAccess, url: URL) => (typeof access === 'function' ? access(url) : access);

const maxRedirects = 5;

/**
 * Every block of IANA's special-purpose address registries (IPv4 and IPv6) and multicast: none is
 * a public web server's, and some are this machine's or its network's (192.0.2.0/24 held this
 * machine's own interface once).
 */
const specialRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  specialRanges.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  specialRanges.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const groups = expandIpv6(address);
  if (!groups) return null;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return null;
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function expandIpv6(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (side: string | undefined) => (side ? side.split(':').map((group) => parseInt(group, 16)) : []);
  const start = part(head);
  const end = part(tail);
  return tail === undefined ? start : [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/** This machine's own addresses, on every interface, as they are now. */
function ownAddresses(): Set<string> {
  return new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((entry) => entry?.address.toLowerCase().replace(/%.*$/, ''))
      .filter((address): address is string => Boolean(address)),
  );
}

/** Whether a connection to the address could reach anything but the public internet. */
export function isPrivateAddress(address: string): boolean {
  const embedded = embeddedIpv4(address);
  if (embedded) return isPrivateAddress(embedded);
  const family = isIP(address);
  if (family === 0) return true;
  return specialRanges.check(address, family === 4 ? 'ipv4' : 'ipv6') || ownAddresses().has(address.toLowerCase());
}

/** The address as a URL, when it is an http or https one. */
export function httpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new FetchRefused(urlMessage);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) throw new FetchRefused(urlMessage);
  return url;
}

/**
 * The DNS lookup every connection uses: the addresses a name resolves to are checked at the moment
 * of connecting, so a name cannot pass a check and then point somewhere else (DNS rebinding).
 */
function checkedLookup(allowPrivate: boolean, privateMessage: string): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as unknown as LookupAddress[];
      if (list.length === 0) return callback(new FetchRefused(`The address ${hostname} cannot be reached.`, 'unreachable'), '', 4);
      if (!allowPrivate && list.some((entry) => isPrivateAddress(entry.address))) return callback(new FetchRefused(privateMessage, 'private'), '', 4);
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * Refuses an address on a private network before anything connects to it (a name is resolved and
 * each of its addresses checked): for a client that connects by itself, such as a browser whose
 * requests are checked one by one.
 */
export async function assertPublicAddress(url: URL, access: PrivateAccess, privateMessage = privateAddressMessage): Promise<void> {
  if (allows(access, url)) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw new FetchRefused(privateMessage, 'private');
    return;
  }
  let list: LookupAddress[];
  try {
    list = await dns.promises.lookup(host, { all: true });
  } catch {
    throw new FetchRefused(`The address ${url.host} cannot be reached.`, 'unreachable');
  }
  if (list.length === 0) throw new FetchRefused(`The address ${url.host} cannot be reached.`, 'unreachable');
  if (list.some((entry) => isPrivateAddress(entry.address))) throw new FetchRefused(privateMessage, 'private');
}

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  allowPrivate: PrivateAccess;
  tooBigMessage: string;
  /** What the user reads when the address is on a private network (privateAddressMessage unless said). */
  privateMessage?: string;
  headers?: Record<string, string>;
  /** Keeps the first maxBytes and stops reading, instead of refusing a larger body (a page read for its head). */
  truncate?: boolean;
  /** Ends the fetch early (the caller gave up); the time limit applies as well. */
  signal?: AbortSignal;
}

/** What one request answered: any status, the body capped. */
export interface FetchedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  url: URL;
}

const userAgent = 'Masthead (+https://masthead.local)';

/** One request to `address` (no redirect followed), through the checked lookup; any status is answered. */
export async function requestLimited(address: string | URL, limits: FetchLimits): Promise<FetchedAnswer> {
  const signal = limits.signal ? AbortSignal.any([limits.signal, AbortSignal.timeout(limits.timeoutMs)]) : AbortSignal.timeout(limits.timeoutMs);
  const url = typeof address === 'string' ? httpUrl(address) : httpUrl(address.href);
  const response = await open(url, limits, signal);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return { status: response.statusCode ?? 0, headers, body: await readCapped(response, limits, signal), url };
}

/** The body at `address`, following checked redirects; throws FetchRefused for what the user should hear about. */
export async function fetchLimited(address: string, limits: FetchLimits): Promise<{ body: Buffer; contentType: string; url: URL }> {
  const signal = limits.signal ? AbortSignal.any([limits.signal, AbortSignal.timeout(limits.timeoutMs)]) : AbortSignal.timeout(limits.timeoutMs);
  let url = httpUrl(address);
  for (let hop = 0; ; hop++) {
    const response = await open(url, limits, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      if (hop >= maxRedirects) throw new FetchRefused(`The address ${url.host} redirects too many times.`, 'unreachable');
      url = httpUrl(new URL(location, url).href);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FetchRefused(`The address ${url.host} answered ${status}.`, status === 404 ? 'not-found' : 'unreachable');
    }
    return { body: await readCapped(response, limits, signal), contentType: String(response.headers['content-type'] ?? ''), url };
  }
}

/** Connects to `url` (its addresses checked) and answers the response's head. */
async function open(url: URL, limits: FetchLimits, signal: AbortSignal): Promise<IncomingMessage> {
  const privateMessage = limits.privateMessage ?? privateAddressMessage;
  const allowPrivate = allows(limits.allowPrivate, url);
  // An address written as an IP is connected to without a lookup: check it here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && isPrivateAddress(host)) throw new FetchRefused(privateMessage, 'private');
  try {
    return await get(url, { signal, lookup: checkedLookup(allowPrivate, privateMessage), headers: limits.headers });
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    const reason = signal.aborted ? 'did not answer in time' : 'cannot be reached';
    throw new FetchRefused(`The address ${url.host} ${reason}.`, 'unreachable');
  }
}

function get(url: URL, options: { signal: AbortSignal; lookup: LookupFunction; headers?: Record<string, string> }): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: 'GET', signal: options.signal, lookup: options.lookup, headers: { 'user-agent': userAgent, ...options.headers } },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function readCapped(response: IncomingMessage, limits: FetchLimits, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > limits.maxBytes && !limits.truncate) {
    response.destroy();
    throw new FetchRefused(limits.tooBigMessage, 'too-big');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > limits.maxBytes) {
        response.destroy();
        if (limits.truncate) {
          chunks.push((chunk as Buffer).subarray(0, (chunk as Buffer).length - (size - limits.maxBytes)));
          break;
        }
        throw new FetchRefused(limits.tooBigMessage, 'too-big');
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    throw new FetchRefused(signal.aborted ? 'The download did not finish in time.' : 'The download was interrupted.', 'unreachable');
  }
  return Buffer.concat(chunks);
}
