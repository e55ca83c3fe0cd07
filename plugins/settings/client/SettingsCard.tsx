/** A titled white card, the way the settings pages group their fields (like USER CREDENTIALS). */
import { Stack, Text } from '@fluentui/react';
import type { ReactNode } from 'react';
import { theme } from '../../../core/client/theme';

export function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} style={{ background: theme.palette.white, borderRadius: 8, boxShadow: '0 1.6px 3.6px rgba(0,0,0,.13)', padding: 24 }}>
      <Stack tokens={{ childrenGap: 16 }}>
        <Text variant="mediumPlus" styles={{ root: { fontWeight: 700, letterSpacing: '1px' } }}>
          {title}
        </Text>
        {children}
      </Stack>
    </section>
  );
}
