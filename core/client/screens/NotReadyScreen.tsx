/** The fallback for a user whose account is not ready to use yet. */
import { DefaultButton, Stack, Text } from '@fluentui/react';
import { signOut } from '../session';
import { t } from '../words';

export default function NotReadyScreen() {
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Stack horizontalAlign="center" tokens={{ childrenGap: 12 }} style={{ maxWidth: 480, textAlign: 'center', padding: 24 }}>
        <Text as="h1" variant="xLarge" style={{ fontWeight: 600, margin: 0 }}>
          {t('Your account is not ready yet')}
        </Text>
        <Text>{t('Your publisher is still setting up your account. Please try again later, or ask your director to finish it.')}</Text>
        <DefaultButton text={t('Logout')} onClick={signOut} />
      </Stack>
    </main>
  );
}
