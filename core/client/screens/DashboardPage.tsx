/**
 * The newsletter dashboard and the publisher home: a grid of the panels plugins contribute for
 * this kind of scope (24 columns; each panel's default width; full width on narrow screens).
 */
import { Spinner, Stack, Text } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { useCan } from '../permissions';
import { registry } from '../registry';
import { currentScopeAtom, userAtom } from '../stores';
import ComingSoon from './ComingSoon';

export default function DashboardPage({ type }: { type: 'newsletter' | 'publisher' }) {
  const scope = useAtomValue(currentScopeAtom);
  const user = useAtomValue(userAtom);
  const can = useCan();
  if (!scope || scope.type !== type) return <Spinner label="Loading..." />;
  if (type === 'newsletter' && user?.role.key === 'author') return <ComingSoon />;
  const panels = registry.panels.filter((panel) => panel.dashboard === type && can(panel.requires));
  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <Text as="h1" variant="xxLarge" style={{ fontWeight: 700, margin: 0 }}>{scope.title}</Text>
      <div className="dashboard-grid" style={{ display: 'grid', gridTemplateColumns: 'repeat(24, minmax(0, 1fr))', gap: 24 }}>
        {panels.map((panel) => {
          const Panel = panel.component;
          return (
            <section key={panel.id} aria-label={panel.title} className="dashboard-panel" style={{ gridColumn: `span ${panel.size?.w ?? 12}`, background: '#fff', borderRadius: 8, boxShadow: '0 1.6px 3.6px rgba(0,0,0,.13)', padding: 20, minWidth: 0 }}>
              <Suspense fallback={<Spinner />}>
                <Panel scope={scope} />
              </Suspense>
            </section>
          );
        })}
      </div>
    </Stack>
  );
}
