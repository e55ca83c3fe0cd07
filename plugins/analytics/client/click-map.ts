/**
 * The click map's content: the rendered issue or story, cleaned to plain markup (no script, frame,
 * form, style or event handler: it is shown inside the console), with badges after each link
 * giving its clicks: total, subscribers and IPs (spec 002 section 2.9).
 *
 * A link's row is found by its address: the k-th link to an address in the content is the k-th row
 * with that address in position order. Positions count the links of what was sent, which for an
 * issue also holds the e-mail's own links (logo, footer); those rows have no link here and are
 * listed apart.
 */
import { formatNumber, type ConsoleLang } from '../../../core/client/format';
import { t } from '../../../core/client/words';
import type { ClickMapRow } from './analytics-api';

/** Elements dropped with what they hold. */
const dropped = new Set(
  'script style iframe frame frameset object embed form input button select textarea template svg math link meta base noscript audio video'.split(' '),
);
/** Elements kept; any other is replaced by what it holds. */
const kept = new Set(
  'p br h1 h2 h3 h4 h5 h6 strong b em i u s a ul ol li blockquote img figure figcaption span div table thead tbody tr th td hr code pre sup sub small'.split(
    ' ',
  ),
);
const keptAttributes: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};
const safeAddress = /^(https?:|mailto:|\/(?!\/))/i;

function clean(node: ParentNode): void {
  for (const child of [...node.children]) {
    const tag = child.tagName.toLowerCase();
    if (dropped.has(tag)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!kept.has(tag)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    const allowed = keptAttributes[tag] ?? [];
    for (const attribute of [...child.attributes]) {
      const name = attribute.name.toLowerCase();
      if (!allowed.includes(name) || ((name === 'href' || name === 'src') && !safeAddress.test(attribute.value.trim()))) child.removeAttribute(attribute.name);
    }
  }
}

export interface MarkedContent {
  /** The cleaned content with the badges, as markup. */
  html: string;
  /** Rows whose link is not in the content (an e-mail's own links). */
  elsewhere: ClickMapRow[];
}

/** A link's badges, in the console's language (or `lang`). */
export function badgeTexts(row: Pick<ClickMapRow, 'total' | 'subscribers' | 'ip'>, lang?: ConsoleLang): string[] {
  const count = (value: number) => formatNumber(value, lang);
  return [
    t('Total {count}', { count: count(row.total) }, lang),
    t('Subscribers {count}', { count: count(row.subscribers) }, lang),
    t('IPs {count}', { count: count(row.ip) }, lang),
  ];
}

export function markLinks(html: string, rows: ClickMapRow[], lang?: ConsoleLang): MarkedContent {
  // A template's content is inert: nothing in it runs or loads while it is cleaned.
  const template = document.createElement('template');
  template.innerHTML = `<div>${html}</div>`;
  const body = template.content.firstElementChild!;
  clean(body);
  const byAddress = new Map<string, ClickMapRow[]>();
  for (const row of [...rows].sort((a, b) => a.position - b.position)) byAddress.set(row.url, [...(byAddress.get(row.url) ?? []), row]);
  const used = new Set<ClickMapRow>();
  for (const link of [...body.querySelectorAll('a[href]')]) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
    const row = byAddress.get(link.getAttribute('href') ?? '')?.find((candidate) => !used.has(candidate));
    if (!row) continue;
    used.add(row);
    const badges = template.content.ownerDocument.createElement('span');
    badges.className = 'analytics-badges';
    badges.setAttribute('data-position', String(row.position));
    for (const text of badgeTexts(row, lang)) {
      const badge = template.content.ownerDocument.createElement('span');
      badge.className = 'analytics-badge';
      badge.textContent = text;
      badges.append(badge);
    }
    link.after(badges);
  }
  return { html: body.innerHTML, elsewhere: rows.filter((row) => !used.has(row)).sort((a, b) => a.position - b.position) };
}
