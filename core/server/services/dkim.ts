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

/** A domain or a selector: dot-separated labels of letters, digits and inner hyphens (RFC 6376 section 3.1). */
const labels = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/i;

/** A key file's text, or the system's code for why it cannot be read (ENOENT, EACCES). */
function readKeyFile(path: string): { text: string } | { code: string } {
  try {
    return { text: readFileSync(path, 'utf8') };
  } catch (error) {
    return { code: (error as NodeJS.ErrnoException).code ?? 'unreadable' };
  }
}

/** Shorter RSA keys are refused by receivers (RFC 8301 section 3.2): no mail would pass. */
const minimumKeyBits = 1024;

/**
 * DKIM_KEYS as keys. A malformed entry, a key that cannot be read or that is not an RSA private
 * key stops the server as it starts, with a message that says which entry and why (main.ts prints
 * it): never a failure in the middle of a send. The messages name an entry by its place, and by its
 * domain once that is known to be one: nothing of a key (pasted in place of its path) reaches them.
 */
export function readDkimKeys(value: string | undefined): DkimKey[] {
  if (!value?.trim()) return [];
  const entries = value.split(',');
  const keys: DkimKey[] = [];
  entries.forEach((raw, index) => {
    const entry = raw.trim();
    const place = entries.length > 1 ? `entry ${index + 1} of ${entries.length}` : 'its entry';
    const shape = `DKIM_KEYS: ${place} is not 'domain:selector:/path/to/key.pem'`;
    if (!entry) throw new Error(`${shape} (it is empty: a stray comma?)`);
    if (entry.includes('-----BEGIN') || /[\r\n]/.test(entry)) throw new Error(`${shape}: give the path of the PEM file, not the key itself`);
    const [domain = '', selector = '', ...rest] = entry.split(':');
    const path = rest.join(':');
    if (!domain) throw new Error(`${shape}: the domain is empty`);
    if (!labels.test(domain) || domain.length > 253) throw new Error(`${shape}: its domain is not a domain name`);
    // The path is shown when it looks like one: a key's text given in its place stays out of the message.
    const file = /^[^\r\n]{1,255}\.(pem|key)$/i.test(path) ? ` in ${path}` : '';
    const named = `DKIM_KEYS: the key of ${domain.toLowerCase()}`;
    if (!selector) throw new Error(`${shape}: the selector of ${domain} is empty`);
    if (!labels.test(selector)) throw new Error(`${shape}: the selector of ${domain} is not a name (letters, digits, hyphens and dots)`);
    if (!path) throw new Error(`${shape}: the path of the key of ${domain} is empty`);
    const read = readKeyFile(path);
    // Its code only: the system's message repeats the path, which may be anything.
    if ('code' in read) throw new Error(`${named} cannot be read${file.replace(' in ', ' from ')} (${read.code})`);
    const { text } = read;
    let privateKey: KeyObject;
    try {
      privateKey = createPrivateKey(text);
    } catch {
      // The crypto library's message says nothing useful here, and the text may be anything: it stays out.
      throw new Error(`${named}${file} is not an unencrypted PEM private key`);
    }
    if (privateKey.asymmetricKeyType !== 'rsa')
      throw new Error(`${named}${file} is a key of type ${privateKey.asymmetricKeyType}: DKIM is signed here with rsa-sha256, give an RSA key`);
    const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < minimumKeyBits) throw new Error(`${named}${file} has ${bits} bits: receivers refuse fewer than ${minimumKeyBits} (2048 is usual)`);
    if (keys.some((key) => key.domain === domain.toLowerCase())) throw new Error(`${named} is given twice: one key per domain`);
    keys.push({ domain: domain.toLowerCase(), selector, privateKey, pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
  });
  return keys;
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
export function relaxedBody(body: string): string {
  let text = /[ \t]{2}|\t/.test(body) ? body.replace(/[ \t]{2,}|\t/g, ' ') : body;
  if (/ \r\n| $/.test(text)) text = text.replace(/ (?=\r\n|$)/g, '');
  let end = text.length;
  while (end >= 2 && text.startsWith('\r\n', end - 2)) end -= 2;
  return end === 0 ? '' : `${text.slice(0, end)}\r\n`;
}

/**
 * Whole lines of a body in relaxed form, as relaxedBody makes them, without its rule for the body's
 * end: a body cut into pieces of whole lines (a piece may end in the middle of one only where the
 * next piece goes on with a character that is not a space or a tab) is in relaxed form piece by
 * piece, with relaxedBody for the last piece (mime-template.ts hashes its copies' bodies so).
 */
export function relaxedLines(text: string): string {
  const runs = /[ \t]{2}|\t/.test(text) ? text.replace(/[ \t]{2,}|\t/g, ' ') : text;
  return runs.includes(' \r\n') ? runs.replace(/ (?=\r\n)/g, '') : runs;
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
  /** The body's hash (bh=), when the one who made the message computed it: `raw` is then the header block alone. */
  bodyHash?: string;
}

/**
 * Messages signed together on one thread: each names its key by its place in `pems`, so a key's
 * text travels once per batch. The thread answers a header field per message, or why it failed.
 */
export interface DkimBatch {
  pems: string[];
  tasks: (Omit<DkimTask, 'pem'> & { key: number })[];
}
export type DkimBatchAnswer = ({ header: string } | { error: string })[];

/**
 * The DKIM-Signature header field for a message (with its line end, to be put on top of it). It
 * signs on the calling thread: a send signs on the signer's worker threads (createDkimSigner).
 */
export function dkimSignature(raw: string, key: Pick<DkimKey, 'domain' | 'selector' | 'privateKey'>, now: Date, knownBodyHash?: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const block = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split + 4);
  const fields = headerFields(block);
  const signed: [string, string][] = [];
  for (const name of signedNames) {
    const field = fields.findLast(([fieldName]) => fieldName.toLowerCase() === name);
    if (field) signed.push(field);
  }
  const bodyHash = knownBodyHash ?? createHash('sha256').update(relaxedBody(body)).digest('base64');
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
  /**
   * The message with its DKIM-Signature on top. With its body's hash (relaxed, sha256, base64) only
   * the header block travels to the signer's thread.
   */
  sign(raw: string, key: DkimKey, now: Date, bodyHash?: string): Promise<string>;
  /** The DKIM-Signature header field (with its line end) for a message's header block and its body's hash. */
  signature(head: string, key: DkimKey, now: Date, bodyHash: string): Promise<string>;
  close(): Promise<void>;
}

const workerFile = new URL(`./dkim-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/**
 * Signs on worker threads (core/server/worker-pool.ts; started with the first message, ended when
 * idle): the canonical forms, the body's hash and the RSA signature of every copy of an issue
 * stay off the event loop, which only copies the text over and puts the answer on top of it.
 * Messages asked for while every thread is busy go together as one batch when a thread is free
 * (a send's connections ask for thousands a second): one message between the threads for many.
 */
export function createDkimSigner(threads = dkimThreads): DkimSigner {
  let pool: WorkerPool<DkimBatch, DkimBatchAnswer> | null = null;
  interface Waiting {
    task: DkimTask;
    resolve(header: string): void;
    reject(error: Error): void;
  }
  let waiting: Waiting[] = [];
  let busy = 0;
  const flush = () => {
    while (waiting.length > 0 && busy < threads && pool) {
      // The waiting messages shared out among the free threads.
      const batch = waiting.splice(0, Math.ceil(waiting.length / (threads - busy)));
      const pems: string[] = [];
      const tasks = batch.map(({ task: { pem, ...task } }) => {
        let key = pems.indexOf(pem);
        if (key < 0) key = pems.push(pem) - 1;
        return { ...task, key };
      });
      busy++;
      pool
        .run({ pems, tasks })
        .then(
          (answers) =>
            batch.forEach((entry, index) => {
              const answer = answers[index];
              if (answer && 'header' in answer) entry.resolve(answer.header);
              else entry.reject(new Error(answer?.error ?? 'no signature'));
            }),
          (error: Error) => batch.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          busy--;
          flush();
        });
    }
  };
  const signed = (task: DkimTask) => {
    pool ??= createWorkerPool<DkimBatch, DkimBatchAnswer>({ file: workerFile, size: threads, name: 'dkim' });
    return new Promise<string>((resolve, reject) => {
      waiting.push({ task, resolve, reject });
      flush();
    });
  };
  return {
    async sign(raw, key, now, bodyHash) {
      const split = bodyHash === undefined ? -1 : raw.indexOf('\r\n\r\n');
      const task: DkimTask = { raw, domain: key.domain, selector: key.selector, pem: key.pem, time: now.getTime() };
      const header = await signed(split < 0 ? task : { ...task, raw: raw.slice(0, split), bodyHash });
      return `${header}${raw}`;
    },
    signature: (head, key, now, bodyHash) => signed({ raw: head, domain: key.domain, selector: key.selector, pem: key.pem, time: now.getTime(), bodyHash }),
    close: async () => {
      const stopped = waiting;
      waiting = [];
      for (const entry of stopped) entry.reject(new Error('dkim pool is closed'));
      await pool?.close();
      pool = null;
    },
  };
}

/**
 * One thread: it signs a few thousand copies a second (an RSA-2048 signature is about a quarter
 * of a millisecond), more than a send's connections hand over, and the copies asked for while it
 * works go to it together; a second thread cost about 10 MB and no speed on two cores.
 */
const dkimThreads = 1;
