/** A newsletter in the card view: its logo on its colour, title, subtitle, subscribers, badge and menu. */
import { FontIcon, Link, Stack, Text } from '@fluentui/react';
import { cardClasses, CardFact, CardFoot, type CardParts } from '../../../core/client/list';
import { theme } from '../../../core/client/theme';
import type { NewsletterSummary } from '../../../schemas/generated/entities/newsletter-summary';
import { subscriberCount } from './format';

export function NewsletterCard({ newsletter, parts, onOpen }: { newsletter: NewsletterSummary; parts: CardParts; onOpen(): void }) {
  return (
    <article aria-label={newsletter.title} data-testid="newsletter-card" className={cardClasses.card}>
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
        <CardFoot>
          <CardFact icon="People">{subscriberCount(newsletter.stats.subscribers)}</CardFact>
          {parts.badge}
        </CardFoot>
      </Stack>
    </article>
  );
}
