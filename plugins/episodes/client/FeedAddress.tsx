/** The address of the newsletter's public podcast feed, to hand to podcast apps, with a copy button. */
import { IconButton, Stack, TextField } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { handleError } from '../../../core/client/errors';
import { toast } from '../../../core/client/toasts';
import { feedAddress } from './episodes-api';
import { t } from '../../../core/client/words';

export function FeedAddress({ newsletterId }: { newsletterId: string }) {
  const [url, setUrl] = useState('');
  useEffect(() => {
    let current = true;
    feedAddress(newsletterId)
      .then((address) => {
        if (current) setUrl(address);
      })
      .catch(async (error: unknown) => {
        if (current) await handleError(error);
      });
    return () => {
      current = false;
    };
  }, [newsletterId]);
  if (!url) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast('success', 'Copied!', 'The podcast feed address is copied.');
    } catch {
      toast('error', 'Error!', 'The address could not be copied; select it and copy it by hand.');
    }
  };
  return (
    <Stack className="episodes-feed" horizontal verticalAlign="end" tokens={{ childrenGap: 8 }}>
      <Stack.Item grow>
        <TextField
          label={t('Podcast feed')}
          readOnly
          value={url}
          description={t('Published episodes; give this address to podcast apps.')}
          onFocus={(event) => event.currentTarget.select()}
        />
      </Stack.Item>
      <IconButton
        iconProps={{ iconName: 'Copy' }}
        ariaLabel={t('Copy feed address')}
        title={t('Copy')}
        onClick={() => void copy()}
        styles={{ root: { marginBottom: 22 } }}
      />
    </Stack>
  );
}
