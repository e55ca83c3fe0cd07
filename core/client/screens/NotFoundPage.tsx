import { PrimaryButton, Stack, Text } from '@fluentui/react';
import { useLocation } from 'wouter';
import { t } from '../words';

export default function NotFoundPage() {
  const [, navigate] = useLocation();
  return (
    <Stack horizontalAlign="center" verticalAlign="center" style={{ minHeight: 320 }} tokens={{ childrenGap: 12 }}>
      <Text variant="xLarge" style={{ fontWeight: 600 }}>
        {t('This page does not exist.')}
      </Text>
      <PrimaryButton text={t('Go Console')} onClick={() => navigate('/')} />
    </Stack>
  );
}
