/** /resources/show/{id}: a guide's cover, title, optional subtitle and body. */
import { Link, Stack, Text } from '@fluentui/react';
import { Link as RouteLink, useParams } from 'wouter';
import NotFoundPage from '../../../core/client/screens/NotFoundPage';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';
import { GuideDate } from './GuideCard';
import { guides } from './guides';
import { texts } from './guides/texts';

export default function ResourceDetailPage() {
  const { resourceId } = useParams<{ resourceId: string }>();
  const guide = guides.find((candidate) => candidate._id === resourceId);
  if (!guide) return <NotFoundPage />;
  return (
    <Stack tokens={{ childrenGap: 16 }} style={{ maxWidth: 760 }}>
      {/* The console's way back, in its language; the guide itself is written in Turkish. */}
      <RouteLink href="/resources/list" asChild>
        <Link style={{ alignSelf: 'flex-start' }}>{t('← Tips & Tricks')}</Link>
      </RouteLink>
      <article lang="tr">
        <Stack tokens={{ childrenGap: 16 }}>
          <img src={guide.image} alt="" style={{ width: '100%', aspectRatio: '12 / 5', objectFit: 'cover', borderRadius: 8 }} />
          <GuideDate guide={guide} />
          <Text as="h1" variant="xxLarge" style={{ fontWeight: 700, margin: 0 }}>
            {guide.title}
          </Text>
          {guide.subtitle ? (
            <Text as="h2" variant="large" style={{ color: theme.semanticColors.strongSubtext, margin: 0, fontWeight: 400 }}>
              {guide.subtitle}
            </Text>
          ) : null}
          {/* The guides are written by us and shipped with the console, not user content. */}
          <div className="guide-body" style={{ fontSize: 16, lineHeight: 1.6 }} dangerouslySetInnerHTML={{ __html: texts[guide._id] ?? '' }} />
          {guide.link ? (
            <Link href={guide.link} target="_blank" rel="noopener noreferrer">
              Daha fazlası için kaynağa gidin
            </Link>
          ) : null}
        </Stack>
      </article>
    </Stack>
  );
}
