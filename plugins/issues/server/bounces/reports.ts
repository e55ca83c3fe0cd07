/**
 * Reads what comes back to a VERP address: a delivery status notification (RFC 3464,
 * multipart/report; report-type=delivery-status) or a feedback report (RFC 5965, ARF,
 * multipart/report; report-type=feedback-report). A report's parts are text fields, so they are
 * read here with no more MIME than that takes: split at the boundary, unfold the fields, decode a
 * base64 or quoted-printable part. Anything else (an autoreply, a bounce in prose) is no report.
 */

/** What an address did to a message: refused it for good, for now, or reported it as spam. */
export type BounceKind = 'hard' | 'soft' | 'complaint';

export interface MailReport {
  kind: BounceKind;
  /** The address the report is about (Final-Recipient, Original-Rcpt-To), when it says. */
  recipient: string | null;
  /**
   * Every address the report names as a recipient, lower-case: each per-recipient block's
   * Final-Recipient and Original-Recipient, a feedback report's Original-Rcpt-To, the attached
   * original's To. A report counts only when all of them are its copy's recipient (apply.ts).
   */
  named: string[];
  /** The enhanced status code (5.1.1) of a DSN, or the feedback type of a complaint. */
  status: string;
  /** What the reporting server said, kept with the suppression. */
  answer: string;
  /** The original message's envelope sender and Message-ID, when the report carries them. */
  originalMailFrom: string | null;
  originalMessageId: string | null;
}

type Fields = Map<string, string>;

interface Part {
  headers: Fields;
  body: string;
}

/** Header fields of a block (unfolded, names lower-case; the first of a name wins). */
function fieldsOf(block: string): Fields {
  const fields: Fields = new Map();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

function splitPart(text: string): Part {
  const end = text.search(/\r?\n\r?\n/);
  if (end < 0) return { headers: fieldsOf(text), body: '' };
  const gap = text.slice(end).match(/^\r?\n\r?\n/)![0].length;
  return { headers: fieldsOf(text.slice(0, end)), body: text.slice(end + gap) };
}

/** A Content-Type's value and parameters (names lower-case, quotes removed). */
function contentType(value: string | undefined): { type: string; params: Map<string, string> } {
  const [type = '', ...rest] = (value ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const equals = param.indexOf('=');
    if (equals > 0)
      params.set(
        param.slice(0, equals).trim().toLowerCase(),
        param
          .slice(equals + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
  }
  return { type: type.trim().toLowerCase(), params };
}

function decoded(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return part.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return part.body;
}

function childrenOf(part: Part, boundary: string): Part[] {
  const delimiter = `--${boundary}`;
  const pieces = part.body.split(new RegExp(`\\r?\\n?${delimiter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`));
  // The preamble before the first delimiter and the epilogue after the last are no parts.
  return pieces.slice(1, -1).map(splitPart);
}

/** The multipart/report in a message (at its top, or one level down in a multipart/mixed), and its parts. */
function reportOf(message: Part): { reportType: string; parts: Part[] } | null {
  const { type, params } = contentType(message.headers.get('content-type'));
  const boundary = params.get('boundary');
  if (!type.startsWith('multipart/') || !boundary) return null;
  const parts = childrenOf(message, boundary);
  if (type === 'multipart/report') return { reportType: (params.get('report-type') ?? '').toLowerCase(), parts };
  for (const part of parts) {
    const found = reportOf(part);
    if (found) return found;
  }
  return null;
}

/** An address field's address: 'rfc822; ayse@example.com' or '<ayse@example.com>' gives 'ayse@example.com'. */
function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const address = value
    .replace(/^[a-z0-9-]+;\s*/i, '')
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .trim();
  return address.includes('@') ? address : null;
}

/** The original message's header fields, from the report's message/rfc822 or text/rfc822-headers part. */
function originalHeadersOf(parts: Part[]): Fields {
  const original = parts.find((part) => /^(message\/rfc822|text\/rfc822-headers)$/.test(contentType(part.headers.get('content-type')).type));
  return original ? splitPart(decoded(original)).headers : new Map();
}

/**
 * The addresses in a header's value ('Ayşe <ayse@example.com>, b@example.com'), lower-case: the
 * bracketed ones when there are any, so that a display name with an @ in it names nobody.
 */
function addressesIn(value: string | undefined): string[] {
  if (!value) return [];
  const bracketed = [...value.matchAll(/<([^<>\s]+@[^<>\s]+)>/g)].map((match) => match[1]!);
  const addresses = bracketed.length > 0 ? bracketed : (value.match(/[^\s<>,;:"()]+@[^\s<>,;:"()]+/g) ?? []);
  return addresses.map((address) => address.toLowerCase());
}

/** Each address named, once, lower-case. */
const namedOnce = (...lists: (string | null | undefined)[][]): string[] => [
  ...new Set(lists.flat().flatMap((address) => (address ? [address.toLowerCase()] : []))),
];

const severity: Record<BounceKind, number> = { soft: 1, hard: 2, complaint: 3 };

/** The worse of two kinds: a complaint outweighs a hard bounce, which outweighs a soft one. */
export const worseKind = (a: BounceKind, b: BounceKind): BounceKind => (severity[a] >= severity[b] ? a : b);

function readDsn(parts: Part[], original: Fields): MailReport | null {
  const status = parts.find((part) => /^message\/(global-)?delivery-status$/.test(contentType(part.headers.get('content-type')).type));
  if (!status) return null;
  const [perMessage = '', ...perRecipient] = decoded(status)
    .split(/\r?\n[ \t]*\r?\n/)
    .filter((block) => block.trim() !== '');
  const envelope = fieldsOf(perMessage);
  const blocks = perRecipient.map(fieldsOf);
  const named = namedOnce(
    blocks.flatMap((fields) => [addressOf(fields.get('final-recipient')), addressOf(fields.get('original-recipient'))]),
    addressesIn(original.get('to')),
  );
  let report: MailReport | null = null;
  for (const fields of blocks) {
    const action = (fields.get('action') ?? '').toLowerCase();
    const code = (fields.get('status') ?? '').match(/\b[245]\.\d{1,3}\.\d{1,3}\b/)?.[0] ?? '';
    let kind: BounceKind | null = null;
    if (action === 'delayed') kind = 'soft';
    else if (action === 'failed') kind = code.startsWith('4') ? 'soft' : 'hard';
    if (!kind || (report && worseKind(report.kind, kind) === report.kind)) continue;
    report = {
      kind,
      recipient: addressOf(fields.get('final-recipient') ?? fields.get('original-recipient')),
      named,
      status: code,
      answer: (fields.get('diagnostic-code') ?? `${action} ${code}`).replace(/^smtp;\s*/i, '').slice(0, 500),
      originalMailFrom: addressOf(envelope.get('x-original-mail-from')),
      originalMessageId: original.get('message-id') ?? null,
    };
  }
  return report;
}

/** Feedback types that mean 'this is spam' (RFC 5965 section 7.3): a complaint. */
const complaintTypes = new Set(['abuse', 'fraud']);

function readArf(parts: Part[], original: Fields): MailReport | null {
  const feedback = parts.find((part) => contentType(part.headers.get('content-type')).type === 'message/feedback-report');
  if (!feedback) return null;
  const fields = fieldsOf(decoded(feedback));
  const type = (fields.get('feedback-type') ?? '').toLowerCase();
  if (!complaintTypes.has(type)) return null;
  const recipient = addressOf(fields.get('original-rcpt-to'));
  return {
    kind: 'complaint',
    recipient,
    named: namedOnce([recipient], addressesIn(original.get('to'))),
    status: type,
    answer: `Feedback report: ${type}${fields.get('user-agent') ? ` (${fields.get('user-agent')})` : ''}`.slice(0, 500),
    originalMailFrom: addressOf(fields.get('original-mail-from')),
    originalMessageId: original.get('message-id') ?? null,
  };
}

/** The bounce or complaint a message reports, or null when it is no report this reads (or reports a delivery). */
export function readReport(raw: string | Buffer): MailReport | null {
  const message = splitPart(typeof raw === 'string' ? raw : raw.toString('utf8'));
  const report = reportOf(message);
  if (!report) return null;
  const original = originalHeadersOf(report.parts);
  if (report.reportType === 'delivery-status') return readDsn(report.parts, original);
  if (report.reportType === 'feedback-report') return readArf(report.parts, original);
  return null;
}
