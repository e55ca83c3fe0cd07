/** The placeholder for what is not there yet (and the authors' dashboard). */
import { Stack, Text } from '@fluentui/react';
import { t } from '../words';

export default function ComingSoon() {
  return (
    <Stack horizontalAlign="center" verticalAlign="center" style={{ minHeight: 320 }} tokens={{ childrenGap: 8 }}>
      <Text variant="xxLarge" style={{ fontWeight: 700 }}>
        {t('Coming soon!')}
      </Text>
    </Stack>
  );
}
