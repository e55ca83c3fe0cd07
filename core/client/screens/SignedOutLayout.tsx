/** The frame of the signed-out screens: the brand, a card, the version. */
import { Stack, Text } from '@fluentui/react';
import type { ReactNode } from 'react';
import { constants } from '../../shared/config';

export function SignedOutLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'linear-gradient(160deg, #fff7d6 0%, #faf9f8 55%)' }}>
      <Stack tokens={{ childrenGap: 20 }} style={{ width: 380, maxWidth: 'calc(100vw - 32px)' }}>
        <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 10 }}>
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <Text variant="xLarge" style={{ fontWeight: 700 }}>Masthead</Text>
        </Stack>
        <div style={{ background: '#fff', borderRadius: 8, boxShadow: '0 8px 24px rgba(0,0,0,.08)', padding: 28 }}>
          <Stack tokens={{ childrenGap: 16 }}>
            <Stack tokens={{ childrenGap: 4 }}>
              <Text as="h1" variant="xLarge" style={{ margin: 0, fontWeight: 600 }}>{title}</Text>
              {subtitle ? <Text style={{ color: '#605e5c' }}>{subtitle}</Text> : null}
            </Stack>
            {children}
          </Stack>
        </div>
        <Text variant="small" style={{ color: '#8a8886', textAlign: 'center' }}>Masthead {constants.appVersion}</Text>
      </Stack>
    </main>
  );
}
