/**
 * Fetching what a user typed (a feed address) or what a feed names (an enclosure) without letting
 * it reach into our own network: only http and https, every hop of a redirect checked, connections
 * to loopback, private or link-local addresses refused (unless PODCAST_ALLOW_PRIVATE_FEEDS is on)
 * at the moment of connecting, a time limit, and a size cap enforced while the body streams in.
 */
import dns, { type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { PodcastError } from './types';

export const urlMessage = 'URL should be valid and must start with either https:// or http://';
export const privateAddressMessage = 'This address is on a private network; podcast feeds must be public.';

const maxRedirects = 5;

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The address as a URL, when it is an http or https one. */
export function httpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new PodcastError(urlMessage);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) throw new PodcastError(urlMessage);
  return url;
}

/**
 * The DNS lookup every connection uses: the addresses a name resolves to are checked at the moment
 * of connecting, so a name cannot pass a check and then point somewhere else (DNS rebinding).
 */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as unknown as LookupAddress[];
      if (list.length === 0) return callback(new PodcastError(`The address ${hostname} cannot be reached.`, 'unreachable'), '', 4);
      if (!allowPrivate && list.some((entry) => isPrivateAddress(entry.address))) return callback(new PodcastError(privateAddressMessage), '', 4);
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  allowPrivate: boolean;
  tooBigMessage: string;
  headers?: Record<string, string>;
}

/** The body at `address`, following checked redirects; throws PodcastError for what the user should hear about. */
export async function fetchLimited(address: string, limits: FetchLimits): Promise<{ body: Buffer; contentType: string }> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const lookup = checkedLookup(limits.allowPrivate);
  let url = httpUrl(address);
  for (let hop = 0; ; hop++) {
    // An address written as an IP is connected to without a lookup: check it here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!limits.allowPrivate && isIP(host) && isPrivateAddress(host)) throw new PodcastError(privateAddressMessage);
    let response: IncomingMessage;
    try {
      response = await get(url, { signal, lookup, headers: limits.headers });
    } catch (error) {
      if (error instanceof PodcastError) throw error;
      const reason = signal.aborted ? 'did not answer in time' : 'cannot be reached';
      throw new PodcastError(`The address ${url.host} ${reason}.`, 'unreachable');
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      if (hop >= maxRedirects) throw new PodcastError(`The address ${url.host} redirects too many times.`, 'unreachable');
      url = httpUrl(new URL(location, url).href);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new PodcastError(`The address ${url.host} answered ${status}.`, status === 404 ? 'not-found' : 'unreachable');
    }
    return { body: await readCapped(response, limits, signal), contentType: String(response.headers['content-type'] ?? '') };
  }
}

function get(url: URL, options: { signal: AbortSignal; lookup: LookupFunction; headers?: Record<string, string> }): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: 'GET', signal: options.signal, lookup: options.lookup, headers: { 'user-agent': 'Masthead podcast browser', ...options.headers } },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function readCapped(response: IncomingMessage, limits: FetchLimits, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > limits.maxBytes) {
    response.destroy();
    throw new PodcastError(limits.tooBigMessage, 'too-big');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > limits.maxBytes) {
        response.destroy();
        throw new PodcastError(limits.tooBigMessage, 'too-big');
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof PodcastError) throw error;
    throw new PodcastError(signal.aborted ? 'The download did not finish in time.' : 'The download was interrupted.', 'unreachable');
  }
  return Buffer.concat(chunks);
}
