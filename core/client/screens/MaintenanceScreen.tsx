/** Shown to everyone but admins while the editor version check reports maintenance. */
import { DefaultButton, Stack, Text } from '@fluentui/react';
import { signOut } from '../session';
import { theme } from '../theme';

export default function MaintenanceScreen() {
  return (
    <main lang="tr" style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: theme.palette.themeLighter }}>
      <Stack horizontalAlign="center" tokens={{ childrenGap: 16 }} style={{ maxWidth: 520, textAlign: 'center', padding: 24 }}>
        <img src="/favicon.svg" alt="" width={64} height={64} />
        <Text as="h1" variant="xxLarge" style={{ fontWeight: 700, margin: 0 }}>
          Bakımdayız
        </Text>
        <Text variant="large">Sitemiz şu anda bakımda. Daha iyi bir deneyim için çalışıyoruz; kısa süre içinde yeniden hizmetinizdeyiz.</Text>
        <Text style={{ color: theme.palette.neutralSecondary }}>Anlayışınız için teşekkür ederiz.</Text>
        <DefaultButton text="Çıkış yap" onClick={signOut} />
      </Stack>
    </main>
  );
}
