/** The publisher home's Updates: the links of constants.dashboard.updates (a publisher handbook, the release notes), their English put through `t`. */
import { Link, Stack, Text } from '@fluentui/react';
import { PanelTitle } from '../../../core/client/panel-list';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';

export default function UpdatesPanel() {
  return (
    <Stack tokens={{ childrenGap: 12 }}>
      <PanelTitle>{t('Updates')}</PanelTitle>
      {constants.dashboard.updates.map((update) => (
        <Stack key={update.url} tokens={{ childrenGap: 2 }}>
          <Link href={update.url} target="_blank" rel="noopener noreferrer" styles={{ root: { fontWeight: 600, fontSize: 16 } }}>
            {t(update.title)}
          </Link>
          <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>{t(update.text)}</Text>
        </Stack>
      ))}
    </Stack>
  );
}
