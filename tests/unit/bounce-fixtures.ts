/** Delivery status notifications (RFC 3464) and feedback reports (RFC 5965) as remote servers write them, for the bounce tests. */

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

/** A DSN for one recipient: Action and Status as given, the original message's headers attached. */
export function dsn(options: { recipient: string; action?: string; status: string; diagnostic?: string; messageId?: string; base64?: boolean }): string {
  const status = `Reporting-MTA: dns; mx.example.net
Arrival-Date: Mon, 30 Nov 2026 10:00:00 +0000

Final-Recipient: rfc822; ${options.recipient}
Action: ${options.action ?? 'failed'}
Status: ${options.status}
Diagnostic-Code: smtp; ${options.diagnostic ?? `550 ${options.status} User unknown`}
`;
  const statusPart = options.base64
    ? `Content-Type: message/delivery-status\nContent-Transfer-Encoding: base64\n\n${Buffer.from(crlf(status)).toString('base64')}\n`
    : `Content-Type: message/delivery-status\n\n${status}`;
  return crlf(`From: Mail Delivery System <MAILER-DAEMON@mx.example.net>
To: bounces@masthead.local
Subject: Undelivered Mail Returned to Sender
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
  boundary="dsn-boundary"

This is a MIME-encapsulated message.

--dsn-boundary
Content-Type: text/plain; charset=us-ascii

Your message could not be delivered to ${options.recipient}.

--dsn-boundary
${statusPart}
--dsn-boundary
Content-Type: text/rfc822-headers

From: Sabah Bülteni <bulten@sabah.masthead.local>
To: ${options.recipient}
Message-ID: ${options.messageId ?? '<x.y@console.test>'}
Subject: Sabah Bülteni

--dsn-boundary--
`);
}

/** An ARF feedback report (abuse unless said) for one recipient. */
export function arf(options: { recipient: string; mailFrom?: string; feedbackType?: string; messageId?: string }): string {
  return crlf(`From: Feedback Loop <fbl@isp.example>
To: bounces@masthead.local
Subject: FW: Sabah Bülteni
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report; boundary="arf"

--arf
Content-Type: text/plain; charset="US-ASCII"

This is an email abuse report for an email message received from IP 192.0.2.1.

--arf
Content-Type: message/feedback-report

Feedback-Type: ${options.feedbackType ?? 'abuse'}
User-Agent: SomeGenerator/1.0
Version: 1
Original-Mail-From: <${options.mailFrom ?? 'no-reply@masthead.local'}>
Original-Rcpt-To: <${options.recipient}>
Arrival-Date: Mon, 30 Nov 2026 10:00:00 +0000
Source-IP: 192.0.2.1

--arf
Content-Type: message/rfc822
Content-Disposition: inline

From: <bulten@sabah.masthead.local>
To: <${options.recipient}>
Message-ID: ${options.messageId ?? '<x.y@console.test>'}
Subject: Sabah Bülteni

Bugünün haberleri.
--arf--
`);
}
