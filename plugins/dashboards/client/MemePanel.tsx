/** The publisher home's meme of the week: the image of constants.dashboard.meme (a default ships in public/). */
import { Stack } from '@fluentui/react';
import { PanelTitle } from '../../../core/client/panel-list';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';

export default function MemePanel() {
  const { image, caption } = constants.dashboard.meme;
  return (
    <Stack tokens={{ childrenGap: 12 }} styles={{ root: { height: '100%' } }}>
      <PanelTitle>{t('Meme of the Week')}</PanelTitle>
      <img src={image} alt={caption} style={{ width: '100%', flex: 1, minHeight: 0, objectFit: 'contain', borderRadius: 8 }} />
    </Stack>
  );
}
