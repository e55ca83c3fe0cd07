/** /announcements/{announcementId} (spec 000 section 2): subject, preview and the HTML body. */
import { Persona, PersonaSize, Spinner, Stack, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import type { Announcement } from '../../../schemas/generated/entities/announcement';
import { call } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import { EmptyState } from '../../../core/client/page-parts';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import { notificationEndpoints } from '../endpoints';
import './notifications.css';
import { formatDate } from '../../../core/client/format-dates';

export default function AnnouncementPage() {
  const { announcementId } = useParams<{ announcementId: string }>();
  const [announcement, setAnnouncement] = useState<Announcement | null | 'missing'>(null);

  useEffect(() => {
    setAnnouncement(null);
    call(notificationEndpoints.announcement, { params: { id: announcementId } })
      .then(({ data }) => setAnnouncement(data))
      .catch(async (error: unknown) => {
        setAnnouncement('missing');
        await handleError(error);
      });
  }, [announcementId]);

  if (announcement === null) return <Spinner label={t('Loading...')} style={{ marginTop: 48 }} />;
  if (announcement === 'missing') return <EmptyState title={t('Announcement not found.')} />;
  return (
    <article className="mh-announcement" aria-labelledby="announcement-subject">
      <Stack tokens={{ childrenGap: 16 }}>
        <Text as="h1" id="announcement-subject" variant="xxLarge" styles={{ root: { fontWeight: 700, margin: 0 } }}>
          {announcement.subject}
        </Text>
        {announcement.preview ? (
          <Text as="p" variant="large" styles={{ root: { color: theme.palette.neutralSecondary, margin: 0 } }}>
            {announcement.preview}
          </Text>
        ) : null}
        {announcement.sender ? (
          <Persona
            imageInitials={announcement.sender.initials}
            text={announcement.sender.name}
            secondaryText={formatDate(new Date(announcement.createdAt), constants.dates.card)}
            size={PersonaSize.size40}
          />
        ) : null}
        {/* Sanitized by the server before it was stored (core/server/sanitize.ts). */}
        <div className="mh-announcement__body" data-testid="announcement-body" dangerouslySetInnerHTML={{ __html: announcement.body.html }} />
      </Stack>
    </article>
  );
}
