/**
 * A message composed once and personalised many times (an issue to 100,000 subscribers): the
 * MIME text (headers, a text and an HTML part, both quoted-printable) is built once with the
 * personal marks kept whole on lines of their own; each copy only joins the parts with the
 * recipient's values, encoded as they are put in. Composing every copy from scratch costs about
 * half the sender's time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { escapeHtml, escapeRegExp } from '../../shared/text';
import { clock } from '../clock';
import { relaxedBody, relaxedLines } from './dkim';

/** A mailbox: the address, and the name shown with it ('' for none). */
export interface MailAddress {
  name: string;
  address: string;
}

export interface MimeTemplateInput {
  from: MailAddress;
  subject: string;
  /** The parts, holding marks (distinct tokens such as '[[unsubscribe_url]]'). */
  html: string;
  text: string;
  /** Extra headers; their values may hold marks (ASCII values only, such as addresses). */
  headers: Record<string, string>;
  marks: readonly string[];
}

export interface PersonalCopy {
  /** The recipient's address and, if known, name. */
  to: string;
  name: string;
  messageId: string;
  /** A value per mark (plain text: escaped for the HTML part here). */
  values: Readonly<Record<string, string>>;
}

export interface HashedCopy {
  head: string;
  /** The body's bytes in pieces: the template's own, shared by every copy and never changed, and the copy's values. */
  body: Buffer[];
  bodyHash: string;
}

export interface MimeTemplate {
  /** The envelope sender: the bare address of `from`. */
  sender: string;
  fill(copy: PersonalCopy): string;
  /**
   * The copy as its header block (without the empty line that ends it) and its body's bytes, with
   * the body's DKIM hash (relaxed, sha256, base64: dkim.ts). The body is the template's pieces
   * encoded once, not copied, between the copy's values, and hashed from them put in relaxed form
   * once: only the personal values are encoded per copy. The same text as `fill`, head, CRLF
   * CRLF, the body's pieces in order.
   */
  fillHashed(copy: PersonalCopy): HashedCopy;
}

const lineMax = 76;
// The recipient and the Message-ID are filled in like marks.
const toMark = '\u0000to\u0000';
const idMark = '\u0000message-id\u0000';

/** RFC 2047 encoded words (base64) for a header value that is not plain ASCII. */
export function encodeHeaderWords(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let chunk = '';
  for (const char of value) {
    // 39 bytes of UTF-8 make 52 characters of base64: a header line with one word stays under 78.
    if (Buffer.byteLength(chunk + char) > 39) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join('\r\n ');
}

/** 'Name <address>' with the name encoded when needed; the address alone without a name. */
export function mailbox(address: string, name: string): string {
  const clean = name.replace(/[\r\n"\\<>]/g, '').trim();
  if (!clean) return address;
  return /^[\x20-\x7e]*$/.test(clean) ? `"${clean}" <${address}>` : `${encodeHeaderWords(clean)} <${address}>`;
}

/** A configured mailbox ('Name <address>', '"Name" <address>' or an address) as its parts. */
export function parseMailbox(value: string): MailAddress {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(value);
  return match ? { name: match[1]!.replace(/^"|"$/g, ''), address: match[2]! } : { name: '', address: value.trim() };
}

const hex = (byte: number) => `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * Quoted-printable (RFC 2045) of a text with CRLF line ends, as lines of at most 76 characters.
 * `column` is where the first line starts; answers the text and the column it ends at.
 */
function quotedPrintable(text: string, column = 0): { encoded: string; column: number } {
  const out: string[] = [];
  let length = column;
  const lines = text.split('\r\n');
  lines.forEach((line, lineIndex) => {
    const bytes = Buffer.from(line, 'utf8');
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i]!;
      const last = i === bytes.length - 1;
      const plain = (byte >= 33 && byte <= 126 && byte !== 61) || ((byte === 32 || byte === 9) && !last);
      const token = plain ? String.fromCharCode(byte) : hex(byte);
      if (length + token.length > lineMax - 1) {
        out.push('=\r\n');
        length = 0;
      }
      out.push(token);
      length += token.length;
    }
    if (lineIndex < lines.length - 1) {
      out.push('\r\n');
      length = 0;
    }
  });
  return { encoded: out.join(''), column: length };
}

/** The message split at its marks: literal text encoded once, marks as slots filled per copy. */
type Slot = { mark: string; as: 'header' | 'text' | 'html' };
type Piece = string | Slot;

const markPattern = (marks: readonly string[]) => new RegExp(marks.map(escapeRegExp).join('|') || '(?!)', 'g');

function encodePart(source: string, marks: readonly string[], as: 'text' | 'html'): Piece[] {
  const text = source.replace(/\r?\n/g, '\r\n');
  const pieces: Piece[] = [];
  let column = 0;
  let from = 0;
  const literal = (segment: string) => {
    const { encoded, column: end } = quotedPrintable(segment, column);
    pieces.push(encoded);
    column = end;
  };
  for (const match of text.matchAll(markPattern(marks))) {
    literal(text.slice(from, match.index));
    // The value goes on lines of its own: a soft break before and after it.
    pieces.push(column > 0 ? '=\r\n' : '', { mark: match[0], as }, '=\r\n');
    column = 0;
    from = match.index! + match[0].length;
  }
  literal(text.slice(from));
  return pieces;
}

export function mimeTemplate(input: MimeTemplateInput): MimeTemplate {
  const boundary = `----=_masthead_${randomBytes(12).toString('hex')}`;
  const sender = input.from;
  const headers = [
    `From: ${mailbox(sender.address, sender.name)}`,
    `To: ${toMark}`,
    `Subject: ${encodeHeaderWords(input.subject)}`,
    `Date: ${clock.now().toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: ${idMark}`,
    ...Object.entries(input.headers).map(([name, value]) => `${name}: ${value}`),
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative;\r\n boundary="${boundary}"`,
  ].join('\r\n');
  const headerPieces: Piece[] = [];
  let from = 0;
  for (const match of headers.matchAll(markPattern([...input.marks, toMark, idMark]))) {
    headerPieces.push(headers.slice(from, match.index), { mark: match[0], as: 'header' });
    from = match.index! + match[0].length;
  }
  headerPieces.push(headers.slice(from));
  const part = (type: string) => `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n`;
  // The body: its literal text joined into one string between two values.
  const body = joinLiterals([
    part('text/plain'),
    ...encodePart(input.text, input.marks, 'text'),
    `\r\n${part('text/html')}`,
    ...encodePart(input.html, input.marks, 'html'),
    `\r\n--${boundary}--\r\n`,
  ]);
  const pieces: Piece[] = [...headerPieces, '\r\n\r\n', ...body];
  // The body's literal pieces each begin a line or go on after a value's soft break ('='), and
  // each but the last ends a line: so they are in relaxed form one by one (relaxedLines), and its
  // hash up to the first value is taken once.
  const relaxed = body.map((piece, index) => (typeof piece !== 'string' ? piece : index === body.length - 1 ? relaxedBody(piece) : relaxedLines(piece)));
  const firstValue = relaxed.findIndex((piece) => typeof piece !== 'string');
  const start = firstValue < 0 ? relaxed.length : firstValue;
  const prefix = createHash('sha256');
  for (const piece of relaxed.slice(0, start)) prefix.update(piece as string);
  const rest = relaxed.slice(start);
  const valuesOf = (copy: PersonalCopy) => {
    const encoded = new Map<string, string>();
    return ({ mark, as }: Slot) => {
      if (as === 'header') return mark === toMark ? mailbox(copy.to, copy.name) : mark === idMark ? copy.messageId : (copy.values[mark] ?? '');
      const key = `${as}${mark}`;
      let value = encoded.get(key);
      if (value === undefined) {
        const plain = copy.values[mark] ?? '';
        value = quotedPrintable(as === 'html' ? escapeHtml(plain) : plain).encoded;
        encoded.set(key, value);
      }
      return value;
    };
  };
  const fill = (copy: PersonalCopy, valueOf = valuesOf(copy)) => {
    let out = '';
    for (const piece of pieces) out += typeof piece === 'string' ? piece : valueOf(piece);
    return out;
  };
  const bodyBytes = body.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece));
  return {
    sender: sender.address,
    fill: (copy) => fill(copy),
    fillHashed(copy) {
      const valueOf = valuesOf(copy);
      let head = '';
      for (const piece of headerPieces) head += typeof piece === 'string' ? piece : valueOf(piece);
      const hash = prefix.copy();
      for (const piece of rest) hash.update(typeof piece === 'string' ? piece : relaxedLines(valueOf(piece)));
      const parts = bodyBytes.map((piece) => (Buffer.isBuffer(piece) ? piece : Buffer.from(valueOf(piece))));
      return { head, body: parts, bodyHash: hash.digest('base64') };
    },
  };
}

/** Pieces with the literal text between two values joined into one string. */
function joinLiterals(pieces: Piece[]): Piece[] {
  const joined: Piece[] = [];
  for (const piece of pieces) {
    const last = joined.length - 1;
    if (typeof piece === 'string' && typeof joined[last] === 'string') joined[last] += piece;
    else joined.push(piece);
  }
  return joined;
}
