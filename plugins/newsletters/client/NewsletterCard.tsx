/** A newsletter in the card view: its logo on its colour, title, subtitle, subscribers, badge and menu. */
import { FontIcon, Link, Stack, Text } from '@fluentui/react';
import type { CardParts } from '../../../core/client/list';
import { theme } from '../../../core/client/theme';
import type { NewsletterSummary } from '../../../schemas/generated/entities/newsletter-summary';
import { subscriberCount } from './format';

export function NewsletterCard({ newsletter, parts, onOpen }: { newsletter: NewsletterSummary; parts: CardParts; onOpen(): void }) {
  return (
    <article
      aria-label={newsletter.title}
      data-testid="newsletter-card"
      style={{
        background: theme.palette.white,
        borderRadius: 8,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        flex: 1,
        boxShadow: '0 1.6px 3.6px rgba(0,0,0,.13), 0 0.3px 0.9px rgba(0,0,0,.11)',
      }}
    >
      <div style={{ background: newsletter.color, height: 56, position: 'relative' }}>
        <div
          style={{
            position: 'absolute',
            left: 16,
            bottom: -28,
            width: 56,
            height: 56,
            borderRadius: 8,
            overflow: 'hidden',
            background: theme.palette.white,
            border: `2px solid ${theme.palette.white}`,
            boxShadow: '0 1px 3px rgba(0,0,0,.2)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {newsletter.image ? (
            <img src={newsletter.image} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <FontIcon iconName="News" style={{ fontSize: 24 }} />
          )}
        </div>
        <div style={{ position: 'absolute', right: 4, top: 10, background: 'rgba(255,255,255,.9)', borderRadius: 16 }}>{parts.actions}</div>
      </div>
      <Stack tokens={{ childrenGap: 6, padding: '36px 16px 16px' }} styles={{ root: { flex: 1 } }}>
        <Link onClick={onOpen} styles={{ root: { color: theme.palette.neutralPrimary, textAlign: 'left' } }}>
          <Text as="h3" variant="large" styles={{ root: { fontWeight: 600, margin: 0, overflowWrap: 'anywhere' } }}>
            {newsletter.title}
          </Text>
        </Link>
        {newsletter.subtitle ? <Text styles={{ root: { color: theme.semanticColors.strongSubtext } }}>{newsletter.subtitle}</Text> : null}
        {/* At the foot of the card, level with the neighbours' whatever the subtitle's length (inline: Stack's gap rule would override a class). */}
        <div style={{ marginTop: 'auto', paddingTop: 8, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
          <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
            <FontIcon iconName="People" style={{ marginRight: 6, verticalAlign: 'middle' }} />
            {subscriberCount(newsletter.stats.subscribers)}
          </Text>
          {parts.badge}
        </div>
      </Stack>
    </article>
  );
}
