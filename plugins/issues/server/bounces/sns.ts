/**
 * Amazon SNS message signatures (SES events reach us through an SNS topic). A message is believed
 * only when its signature verifies with the certificate named by SigningCertURL, and that address
 * is Amazon's own (https://sns.<region>.amazonaws.com/...pem): anyone could sign with a
 * certificate of their own. The certificate is fetched once per address and kept. One more origin
 * may be allowed (SES_SNS_CERT_ORIGIN) for tests, which have no internet and serve their own.
 */
import { createVerify, X509Certificate } from 'node:crypto';
import { constants } from '../../../../core/shared/config';

/** An SNS message as posted to the endpoint (its fields as SNS names them). */
export interface SnsMessage {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
}

/** Reads a certificate (PEM) or a confirmation address; a test or a deployment may give its own. */
export type SnsFetch = (url: string) => Promise<string>;

const amazonHost = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/** Fetches a text of at most constants.bounces.certificateMaxBytes. */
export const fetchText: SnsFetch = async (url) => {
  const response = await fetch(url, { redirect: 'error' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const text = await response.text();
  if (text.length > constants.bounces.certificateMaxBytes) throw new Error(`${url} is too large`);
  return text;
};

export interface SnsVerifier {
  /** Whether an address is one SNS would send us to (a certificate, a subscription's confirmation). */
  trusted(url: string): boolean;
  /** Whether the message's signature verifies with Amazon's certificate. */
  verify(message: SnsMessage): Promise<boolean>;
}

/** The fields a signature covers, in order (SNS documentation, "Verifying the signatures of Amazon SNS messages"). */
function signedText(message: SnsMessage): string | null {
  const notification = message.Type === 'Notification';
  const names = notification
    ? ['Message', 'MessageId', ...(message.Subject !== undefined ? ['Subject'] : []), 'Timestamp', 'TopicArn', 'Type']
    : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  let text = '';
  for (const name of names) {
    const value = message[name as keyof SnsMessage];
    if (typeof value !== 'string') return null;
    text += `${name}\n${value}\n`;
  }
  return text;
}

export function createSnsVerifier(options: { extraOrigin?: string; fetch?: SnsFetch } = {}): SnsVerifier {
  const fetchCertificate = options.fetch ?? fetchText;
  const certificates = new Map<string, Promise<string>>();
  const trusted = (url: string) => {
    try {
      const address = new URL(url);
      return (address.protocol === 'https:' && amazonHost.test(address.hostname)) || address.origin === options.extraOrigin;
    } catch {
      return false;
    }
  };
  return {
    trusted,
    async verify(message) {
      const text = signedText(message);
      const algorithm = message.SignatureVersion === '1' ? 'RSA-SHA1' : message.SignatureVersion === '2' ? 'RSA-SHA256' : null;
      if (!text || !algorithm || typeof message.Signature !== 'string' || !trusted(message.SigningCertURL)) return false;
      const url = message.SigningCertURL;
      if (!certificates.has(url)) {
        const fetching = fetchCertificate(url);
        certificates.set(url, fetching);
        // A failed fetch is not kept: the next message tries again.
        fetching.catch(() => certificates.delete(url));
      }
      let certificate: X509Certificate;
      try {
        certificate = new X509Certificate(await certificates.get(url)!);
      } catch {
        return false;
      }
      return createVerify(algorithm).update(text, 'utf8').verify(certificate.publicKey, message.Signature, 'base64');
    },
  };
}
