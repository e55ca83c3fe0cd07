/** A guide as a card: cover, date, title, description, READ MORE. */
import { DefaultButton, Stack, Text } from '@fluentui/react';
import { useLocation } from 'wouter';
import { dayMonthYear } from '../../../core/client/format';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';
import type { Guide } from './guide';

/** A guide's date, as its card and its page write it: 'D MMMM YYYY' in the console's language (the guide itself is Turkish). */
export function GuideDate({ guide }: { guide: Guide }) {
  return (
    <Text variant="small" style={{ color: theme.palette.neutralSecondary }}>
      {dayMonthYear(`${guide.date}T12:00`)}
    </Text>
  );
}

export function GuideCard({ guide }: { guide: Guide }) {
  const [, navigate] = useLocation();
  const open = () => navigate(`/resources/show/${guide._id}`);
  return (
    <article
      style={{
        background: theme.palette.white,
        borderRadius: 8,
        boxShadow: '0 1.6px 3.6px rgba(0,0,0,.13)',
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
      }}
      aria-label={guide.title}
    >
      <img
        src={guide.image}
        alt=""
        loading="lazy"
        style={{ width: '100%', aspectRatio: '12 / 5', objectFit: 'cover', background: theme.palette.neutralLighter }}
      />
      <Stack tokens={{ childrenGap: 8, padding: 16 }} style={{ flex: 1 }}>
        <GuideDate guide={guide} />
        {/* The guides are written in Turkish, whatever the console's language (their date too). */}
        <Text as="h3" variant="large" lang="tr" style={{ fontWeight: 600, margin: 0 }}>
          {guide.title}
        </Text>
        <Text lang="tr" style={{ color: theme.semanticColors.strongSubtext, flex: 1 }}>
          {guide.description}
        </Text>
        <DefaultButton text={t('READ MORE')} onClick={open} styles={{ root: { alignSelf: 'flex-start' } }} />
      </Stack>
    </article>
  );
}
