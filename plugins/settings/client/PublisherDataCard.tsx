/**
 * The publisher's data in one file (GET /publishers/export, core/server/publisher-data.ts): the
 * director takes it to another Masthead, or keeps it. The file comes through the API client (the
 * call needs the bearer token) and is handed to the browser under the server's file name.
 */
import { PrimaryButton, Text } from '@fluentui/react';
import { useState } from 'react';
import { api } from '../../../core/client/api';
import { saveFile } from '../../../core/client/csv';
import { handleError } from '../../../core/client/errors';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import { pathOf } from '../../../core/shared/endpoints';
import { publisherDataEndpoints } from '../../../core/shared/endpoints/publishers';
import { SettingsCard } from './SettingsCard';

export function PublisherDataCard() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const response = await api(pathOf(publisherDataEndpoints.export.path).slice(1), { timeout: 30 * 60_000 });
      const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'publisher.zip';
      saveFile(filename, await response.blob());
      toast('success', 'Success!', t('The publisher file is ready.'));
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsCard title={t('YOUR DATA')}>
      <Text>
        {t(
          "Everything of this publisher in one file: its newsletters, stories, issues, collections, subscribers, designs and settings, with their images and recordings. Stripe keys and passwords are left out. Another Masthead's admin imports it as the same publisher.",
        )}
      </Text>
      <div>
        <PrimaryButton text={busy ? t('Preparing the file...') : t('DOWNLOAD THE PUBLISHER FILE')} disabled={busy} onClick={download} />
      </div>
    </SettingsCard>
  );
}
