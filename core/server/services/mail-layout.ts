/**
 * Masthead's own e-mails to staff (the password reset, an invitation, a newsletter's sender
 * address to confirm) in Masthead's look: the wordmark, one card with a heading, the text, a
 * yellow button (#ffce14, the console's accent) and a closing, 600 px wide at most, in a sans-serif
 * stack every system has; dark in dark mode (and in Outlook.com, which marks what it recolours).
 * Rendered by mjml like every e-mail of the server (mjml.ts), once per message: these go to one
 * person each. The plain-text part is the same content: the paragraphs, the button's address
 * alone on its line, the closing. Every text is escaped.
 */
import { escapeHtml } from '../../shared/text';
import { mjmlToHtml } from './mjml';

export interface StaffMail {
  /** The heading, and the document's title. */
  title: string;
  /** Paragraphs of plain text before the button; the last one leads to it. */
  paragraphs: string[];
  button: { label: string; url: string };
  /** Paragraphs after the button. */
  closing: string[];
  /** PUBLIC_URL: the wordmark and the footer link to the console. */
  publicUrl: string;
}

export interface RenderedMail {
  html: string;
  text: string;
}

const accent = '#ffce14';
const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const light = { page: '#f3f2f1', card: '#ffffff', text: '#323130', muted: '#605e5c', border: '#e1dfdd' };
const dark = { page: '#1b1a19', card: '#252423', text: '#f3f2f1', muted: '#c8c6c4', border: '#3b3a39' };

/** Dark mode for the clients that follow it, then for Outlook.com; each block its own, so a client refusing one keeps the other. */
const darkStyles = [
  '<style>@media (prefers-color-scheme:dark){',
  `body,.m-bg,div[role=article]{background-color:${dark.page}!important}`,
  `.m-card td{background-color:${dark.card}!important;border-color:${dark.border}!important;border-top-color:${accent}!important}`,
  `.m-tx{color:${dark.text}!important}.m-mut,.m-mut a{color:${dark.muted}!important}`,
  `.m-card .m-btn td,.m-card .m-btn a{background:${accent}!important;background-color:${accent}!important;color:#1f1f1f!important}`,
  '}</style>',
  `<style>[data-ogsb] body,[data-ogsb] .m-bg,[data-ogsb] div[role=article]{background-color:${dark.page}!important}`,
  `[data-ogsb] .m-card td{background-color:${dark.card}!important}[data-ogsc] .m-tx{color:${dark.text}!important}[data-ogsc] .m-mut{color:${dark.muted}!important}`,
  `[data-ogsb] .m-card .m-btn td,[data-ogsb] .m-card .m-btn a{background-color:${accent}!important}[data-ogsc] .m-card .m-btn a{color:#1f1f1f!important}</style>`,
].join('');

const paragraph = (text: string, last: boolean) => `<p style="margin:0 0 ${last ? 0 : 12}px">${escapeHtml(text)}</p>`;

function staffMjml(mail: StaffMail, publicUrl: string): string {
  const body = mail.paragraphs.map((text, index) => paragraph(text, index === mail.paragraphs.length - 1)).join('');
  const closing = mail.closing.map((text, index) => paragraph(text, index === mail.closing.length - 1)).join('');
  const wordmark = `<a class="m-tx" href="${escapeHtml(publicUrl)}/" style="color:${light.text};text-decoration:none"><span style="display:inline-block;width:12px;height:12px;background-color:${accent};border-radius:3px;margin-right:8px"></span>Masthead</a>`;
  return [
    '<mjml lang="en"><mj-head>',
    `<mj-title>${escapeHtml(mail.title)}</mj-title>`,
    `<mj-attributes><mj-all font-family="${font}" /><mj-section padding="0 16px" /><mj-text padding="0" font-size="16px" line-height="1.6" color="${light.text}" /></mj-attributes>`,
    '<mj-raw><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"></mj-raw>',
    '<mj-style>:root{color-scheme:light dark;supported-color-schemes:light dark}</mj-style>',
    `<mj-raw>${darkStyles}</mj-raw>`,
    `</mj-head><mj-body width="600px" background-color="${light.page}" css-class="m-bg">`,
    `<mj-section padding="32px 16px 16px"><mj-column><mj-text font-size="20px" font-weight="bold" line-height="1.2"><div class="m-tx">${wordmark}</div></mj-text></mj-column></mj-section>`,
    `<mj-section><mj-column css-class="m-card" background-color="${light.card}" border="1px solid ${light.border}" border-top="4px solid ${accent}" border-radius="8px" padding="28px 24px">`,
    `<mj-text><div class="m-tx"><h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(mail.title)}</h1>${body}</div></mj-text>`,
    `<mj-button css-class="m-btn" href="${escapeHtml(mail.button.url)}" align="left" padding="24px 0" inner-padding="14px 28px" font-size="16px" font-weight="bold" line-height="1.2" background-color="${accent}" color="#1f1f1f" border-radius="6px">${escapeHtml(mail.button.label)}</mj-button>`,
    closing ? `<mj-text font-size="14px" color="${light.muted}"><div class="m-mut">${closing}</div></mj-text>` : '',
    '</mj-column></mj-section>',
    `<mj-section padding="16px 16px 32px"><mj-column><mj-text align="center" font-size="12px" color="${light.muted}"><div class="m-mut">Masthead</div></mj-text></mj-column></mj-section>`,
    '</mj-body></mjml>',
  ].join('');
}

export async function renderStaffMail(mail: StaffMail): Promise<RenderedMail> {
  const publicUrl = mail.publicUrl.replace(/\/+$/, '');
  const html = await mjmlToHtml(staffMjml(mail, publicUrl));
  const text = [...mail.paragraphs, mail.button.url, ...mail.closing].join('\n\n');
  return { html, text };
}
