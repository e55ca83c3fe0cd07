/**
 * Fetching what a user typed (a feed address) or what a feed names (an enclosure) without letting
 * it reach into our own network: only http and https, every hop of a redirect checked, hosts that
 * resolve to loopback, private or link-local addresses refused (unless PODCAST_ALLOW_PRIVATE_FEEDS
 * is on), a time limit, and a size cap enforced while the body streams in.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { PodcastError } from './types';

export const urlMessage = 'URL should be valid and must start with either https:// or http://';
export const privateAddressMessage = 'This address is on a private network; podcast feeds must be public.';

const maxRedirects = 5;

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) privateRanges.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) privateRanges.addSubnet(network, prefix, 'ipv6');

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

async function assertPublicHost(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true }).catch(() => {
    throw new PodcastError(`The address ${url.host} cannot be reached.`, 'unreachable');
  })).map((entry) => entry.address);
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw new PodcastError(privateAddressMessage);
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
  let url = httpUrl(address);
  for (let hop = 0; ; hop++) {
    await assertPublicHost(url, limits.allowPrivate);
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal, headers: limits.headers });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'did not answer in time' : 'cannot be reached';
      throw new PodcastError(`The address ${url.host} ${reason}.`, 'unreachable');
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop >= maxRedirects) throw new PodcastError(`The address ${url.host} redirects too many times.`, 'unreachable');
      url = httpUrl(new URL(location, url).href);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new PodcastError(`The address ${url.host} answered ${response.status}.`, response.status === 404 ? 'not-found' : 'unreachable');
    }
    return { body: await readCapped(response, limits), contentType: response.headers.get('content-type') ?? '' };
  }
}

async function readCapped(response: Response, limits: FetchLimits): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limits.maxBytes) {
    await response.body?.cancel();
    throw new PodcastError(limits.tooBigMessage, 'too-big');
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limits.maxBytes) {
      await reader.cancel();
      throw new PodcastError(limits.tooBigMessage, 'too-big');
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}
