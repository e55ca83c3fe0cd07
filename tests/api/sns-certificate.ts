/** A self-signed certificate and its key, standing in for Amazon SNS's signing certificate in the bounce tests. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function snsCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'masthead-sns-'));
  try {
    const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=sns.test', '-days', '2', '-keyout', keyFile, '-out', certFile], {
      stdio: 'ignore',
    });
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
