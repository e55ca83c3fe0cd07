/**
 * Person or machine? Each open and click gets a verdict from what its request shows
 * (docs/decisions/0012-audience-tracking.md). Machines are kept and counted apart, never dropped,
 * so the share they take stays visible and a wrong rule can be corrected later.
 */
import { constants } from '../../../core/shared/config';

export type Source = 'email' | 'web' | 'ios' | 'android';
export const sources: readonly Source[] = ['email', 'web', 'ios', 'android'];

export type MachineReason = 'apple-privacy' | 'prefetch-proxy' | 'prefetch' | 'head' | 'agent' | 'too-fast' | 'burst';

export interface Verdict {
  machine: boolean;
  reason: MachineReason | '';
}

export interface RequestFacts {
  method: string;
  userAgent: string;
  ip: string;
  /** When the request came (ms). */
  at: number;
  /** When the message was handed to the mail server (ms). */
  sentAt: number;
}

const person: Verdict = { machine: false, reason: '' };
const machine = (reason: MachineReason): Verdict => ({ machine: true, reason });

/**
 * Apple Mail Privacy Protection loads every image of every message through Apple's proxies, from
 * Apple's 17.0.0.0/8 network, with a bare 'Mozilla/5.0' agent, whether or not anyone reads it.
 */
function isApplePrivacyProxy(facts: RequestFacts): boolean {
  const ip = facts.ip.replace(/^::ffff:/, '');
  return /^17\./.test(ip) || facts.userAgent.trim() === 'Mozilla/5.0';
}

/**
 * Proxies that fetch the images when the message arrives rather than when it is read (Yahoo).
 * Gmail's GoogleImageProxy fetches when the reader opens the message, so it counts as a person.
 */
const prefetchingProxies = /YahooMailProxy|Yahoo! Slurp/i;

/** Agents of link scanners, security gateways, previewers and scripts. */
const machineAgents =
  /bot\b|crawler|spider|preview|scanner|barracuda|proofpoint|mimecast|safelinks|urldefense|forcepoint|trendmicro|symantec|fireeye|sophos|python|curl\/|wget|go-http-client|java\/|okhttp|headlesschrome|phantomjs|libwww|httpclient|axios|node-fetch|undici|microsoft office|ms-office|outlook-safelinks|skypeuripreview|slackbot|facebookexternalhit|whatsapp/i;

export function openVerdict(facts: RequestFacts): Verdict {
  if (facts.method === 'HEAD') return machine('head');
  if (isApplePrivacyProxy(facts)) return machine('apple-privacy');
  if (prefetchingProxies.test(facts.userAgent)) return machine('prefetch-proxy');
  if (facts.at - facts.sentAt < constants.tracking.openPrefetchSeconds * 1000) return machine('prefetch');
  if (!facts.userAgent.trim() || machineAgents.test(facts.userAgent)) return machine('agent');
  return person;
}

export function clickVerdict(facts: RequestFacts, burst: boolean): Verdict {
  if (facts.method === 'HEAD') return machine('head');
  if (!facts.userAgent.trim() || machineAgents.test(facts.userAgent)) return machine('agent');
  if (facts.at - facts.sentAt < constants.tracking.clickScanSeconds * 1000) return machine('too-fast');
  if (burst) return machine('burst');
  return person;
}

/**
 * Remembers the last click of each copy for a while: clicks on different links of one copy within
 * `constants.tracking.clickBurstMs` are a scanner following every link. One process's memory is
 * enough: a scanner's burst arrives at one server within that time. Bounded, oldest first out.
 */
export function createBurstWatch(limit = 50_000) {
  const last = new Map<string, { at: number; position: number }>();
  return (copy: string, position: number, at: number): boolean => {
    const before = last.get(copy);
    last.delete(copy);
    last.set(copy, { at, position });
    if (last.size > limit) last.delete(last.keys().next().value!);
    return Boolean(before && before.position !== position && at - before.at < constants.tracking.clickBurstMs);
  };
}

export type Device = 'desktop' | 'mobile' | 'tablet' | 'unknown';
export const devices: readonly Device[] = ['desktop', 'mobile', 'tablet', 'unknown'];

const tablets = /ipad|tablet|kindle|silk\/|playbook|nexus (7|9|10)|sm-t\d|\bxoom\b/i;
const phones = /iphone|ipod|windows phone|blackberry|bb10|opera mini|iemobile|mobile/i;
const computers = /windows nt|macintosh|mac os x|x11|linux x86_64|cros|thunderbird|outlook|applemail/i;

/**
 * The kind of device a person read on, from the user agent: a tablet (an iPad, or an Android
 * without 'Mobile', which is how Android tablets tell themselves apart), a phone, a computer;
 * 'unknown' when the agent does not say (a bare 'Mozilla/5.0', an image proxy such as Gmail's).
 * Where the reader was (e-mail, web, app) is the source, a split of its own.
 */
export function deviceOf(userAgent: string): Device {
  const agent = userAgent.trim();
  // Gmail's proxy fetches for the reader under an agent of its own, whatever the reader holds.
  if (/GoogleImageProxy|ggpht\.com/i.test(agent)) return 'unknown';
  if (tablets.test(agent) || (/android/i.test(agent) && !/mobile/i.test(agent))) return 'tablet';
  if (phones.test(agent) || /android/i.test(agent)) return 'mobile';
  if (computers.test(agent)) return 'desktop';
  return 'unknown';
}

/** An app names itself (source=ios|android in the address or the beacon); anything else on a page is the web. */
export function pageSource(given: unknown): Source {
  return given === 'ios' || given === 'android' ? given : 'web';
}
