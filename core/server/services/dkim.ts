/**
 * DKIM signatures (RFC 6376: relaxed/relaxed, rsa-sha256), made here over a message's finished
 * MIME text. The bulk sender hands nodemailer finished text and watches when it is read (mail.ts),
 * so a signer inside nodemailer would read it too early. The keys come from DKIM_KEYS, a
 * comma-separated list of 'domain:selector:/path/to/private-key.pem'. A message is signed with the
 * key of its From address's domain, or of the nearest parent domain (DMARC's relaxed alignment),
 * or not at all.
 */
import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorkerPool, type WorkerPool } from '../worker-pool';

export interface DkimKey {
  domain: string;
  selector: string;
  privateKey: KeyObject;
  /** The same key as PKCS #8 PEM, for nodemailer's signer. */
  pem: string;
}

/** DKIM_KEYS as keys; a malformed entry or a key that cannot be read stops the server as it starts. */
export function readDkimKeys(value: string | undefined): DkimKey[] {
  if (!value?.trim()) return [];
  return value.split(',').map((entry) => {
    const [domain, selector, ...path] = entry.trim().split(':');
    if (!domain || !selector || path.length === 0) throw new Error(`DKIM_KEYS: '${entry.trim()}' is not 'domain:selector:/path/to/key.pem'`);
    try {
      const privateKey = createPrivateKey(readFileSync(path.join(':'), 'utf8'));
      return { domain: domain.toLowerCase(), selector, privateKey, pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
    } catch (error) {
      throw new Error(`DKIM_KEYS: the key of ${domain} cannot be read (${(error as Error).message})`, { cause: error });
    }
  });
}

/** The key that signs mail from an address: its domain's, or the nearest parent domain's. */
export function keyFor(keys: readonly DkimKey[], address: string): DkimKey | undefined {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  let best: DkimKey | undefined;
  for (const key of keys) if ((domain === key.domain || domain.endsWith(`.${key.domain}`)) && (!best || key.domain.length > best.domain.length)) best = key;
  return best;
}

/** The headers signed when present; From always is. */
const signedNames = ['from', 'to', 'subject', 'date', 'message-id', 'reply-to', 'list-unsubscribe', 'list-unsubscribe-post', 'mime-version', 'content-type'];

/** A header field in relaxed canonical form: 'name:value' (RFC 6376 section 3.4.2). */
function relaxedHeader(name: string, value: string): string {
  return `${name.toLowerCase()}:${value
    .replace(/\r\n(?=[ \t])/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim()}`;
}

/**
 * The body in relaxed canonical form (section 3.4.4): runs of spaces and tabs made one space, none
 * at a line's end, no empty lines at the end. Done with whole-text scans, not line by line: it
 * runs on the event loop for every copy of an issue.
 */
function relaxedBody(body: string): string {
  let text = /[ \t]{2}|\t/.test(body) ? body.replace(/[ \t]{2,}|\t/g, ' ') : body;
  if (/ \r\n| $/.test(text)) text = text.replace(/ (?=\r\n|$)/g, '');
  let end = text.length;
  while (end >= 2 && text.startsWith('\r\n', end - 2)) end -= 2;
  return end === 0 ? '' : `${text.slice(0, end)}\r\n`;
}

/** The header fields of a message's header block, in order, each as [name, value]. */
function headerFields(block: string): [string, string][] {
  const fields: [string, string][] = [];
  for (const field of block.split(/\r\n(?![ \t])/)) {
    const colon = field.indexOf(':');
    if (colon > 0) fields.push([field.slice(0, colon).trim(), field.slice(colon + 1)]);
  }
  return fields;
}

/** The key as a thread other than the one that read it takes it: by its PEM text. */
export interface DkimTask {
  raw: string;
  domain: string;
  selector: string;
  pem: string;
  /** The signing time (t=), in milliseconds. */
  time: number;
}

/**
 * The DKIM-Signature header field for a message (with its line end, to be put on top of it). It
 * signs on the calling thread: a send signs on the signer's worker threads (createDkimSigner).
 */
export function dkimSignature(raw: string, key: Pick<DkimKey, 'domain' | 'selector' | 'privateKey'>, now: Date): string {
  const split = raw.indexOf('\r\n\r\n');
  const block = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split + 4);
  const fields = headerFields(block);
  const signed: [string, string][] = [];
  for (const name of signedNames) {
    const field = fields.findLast(([fieldName]) => fieldName.toLowerCase() === name);
    if (field) signed.push(field);
  }
  const bodyHash = createHash('sha256').update(relaxedBody(body)).digest('base64');
  const tags = [
    'v=1',
    'a=rsa-sha256',
    'c=relaxed/relaxed',
    `d=${key.domain}`,
    `s=${key.selector}`,
    `t=${Math.floor(now.getTime() / 1000)}`,
    `h=${signed.map(([name]) => name.toLowerCase()).join(':')}`,
    `bh=${bodyHash}`,
    'b=',
  ];
  const data = [...signed.map(([name, value]) => `${relaxedHeader(name, value)}\r\n`), relaxedHeader('DKIM-Signature', tags.join('; '))].join('');
  const signature = sign('sha256', Buffer.from(data), key.privateKey).toString('base64');
  // Folded after each tag and every 72 characters of the signature: relaxed canonicalization reads it as signed.
  return `DKIM-Signature: ${tags.join(';\r\n ')}${signature.replace(/.{72}(?=.)/g, '$&\r\n ')}\r\n`;
}

export interface DkimSigner {
  /** The message with its DKIM-Signature on top. */
  sign(raw: string, key: DkimKey, now: Date): Promise<string>;
  close(): Promise<void>;
}

const workerFile = new URL(`./dkim-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/**
 * Signs on worker threads (core/server/worker-pool.ts; started with the first message, ended when
 * idle): the canonical forms, the body's hash and the RSA signature of every copy of an issue
 * stay off the event loop, which only copies the text over and puts the answer on top of it.
 */
export function createDkimSigner(threads = dkimThreads): DkimSigner {
  let pool: WorkerPool<DkimTask, string> | null = null;
  return {
    async sign(raw, key, now) {
      pool ??= createWorkerPool<DkimTask, string>({ file: workerFile, size: threads, name: 'dkim' });
      const header = await pool.run({ raw, domain: key.domain, selector: key.selector, pem: key.pem, time: now.getTime() });
      return `${header}${raw}`;
    },
    close: async () => {
      await pool?.close();
      pool = null;
    },
  };
}

/** Two threads: one signs while the other's answer travels back. */
const dkimThreads = 2;
