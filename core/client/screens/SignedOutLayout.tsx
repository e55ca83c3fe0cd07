/** The frame of the signed-out screens: the brand, a card, the version. */
import { Stack, Text } from '@fluentui/react';
import type { ReactNode } from 'react';
import { constants } from '../../shared/config';
import { theme } from '../theme';

export function SignedOutLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: `linear-gradient(160deg, ${theme.palette.themeLighter} 0%, ${theme.palette.neutralLighterAlt} 55%)`,
      }}
    >
      <Stack tokens={{ childrenGap: 20 }} style={{ width: 380, maxWidth: 'calc(100vw - 32px)' }}>
        <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 10 }}>
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <Text variant="xLarge" style={{ fontWeight: 700 }}>
            Masthead
          </Text>
        </Stack>
        <div style={{ background: theme.palette.white, borderRadius: 8, boxShadow: '0 8px 24px rgba(0,0,0,.08)', padding: 28 }}>
          <Stack tokens={{ childrenGap: 16 }}>
            <Stack tokens={{ childrenGap: 4 }}>
              <Text as="h1" variant="xLarge" style={{ margin: 0, fontWeight: 600 }}>
                {title}
              </Text>
              {subtitle ? <Text style={{ color: theme.palette.neutralSecondary }}>{subtitle}</Text> : null}
            </Stack>
            {children}
          </Stack>
        </div>
        <Text variant="small" style={{ color: theme.palette.neutralSecondaryAlt, textAlign: 'center' }}>
          Masthead {constants.appVersion}
        </Text>
      </Stack>
    </main>
  );
}
