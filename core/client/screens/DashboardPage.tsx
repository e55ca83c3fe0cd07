/**
 * The newsletter dashboard and the publisher home: a grid of the panels plugins contribute for
 * this kind of scope (react-grid-layout, 24 columns, loaded once a panel is to move: PanelGrid;
 * each panel's default size from its plugin).
 * Panels are moved by their grip and resized by their corner; each user's arrangement is saved
 * (GET/PUT /auth/dashboard/:type). On narrow screens the panels stack full width.
 */
import { DefaultButton, Spinner, Stack, Text } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { constants } from '../../shared/config';
import { dashboardEndpoints } from '../../shared/endpoints/dashboards';
import { call } from '../api';
import { handleError } from '../errors';
import { useCan } from '../permissions';
import { defaultLayout, mergeLayout, sameLayout, type LayoutEntry as Item } from '../dashboard-layout';
import { registry } from '../registry';
import { currentScopeAtom, userAtom } from '../stores';
import { t } from '../words';
import ComingSoon from './ComingSoon';
import PanelGrid, { gridMargin } from './PanelGrid';

/** The width of the element containerRef is on, kept up to date (react-grid-layout's hook of the name, without loading the library). */
function useContainerWidth() {
  const containerRef = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState<number | null>(null);
  useEffect(() => {
    const node = containerRef.current;
    if (!node) return;
    setMeasured(Math.round(node.clientWidth));
    const observer = new ResizeObserver(([entry]) => setMeasured(Math.round(entry!.contentRect.width)));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return { width: measured ?? 1280, mounted: measured !== null, containerRef };
}

export default function DashboardPage({ type }: { type: 'newsletter' | 'publisher' }) {
  const scope = useAtomValue(currentScopeAtom);
  const user = useAtomValue(userAtom);
  const can = useCan();
  const panels = useMemo(() => registry.panels.filter((panel) => panel.dashboard === type && can(panel.requires)), [type, can]);
  const [layout, setLayout] = useState<Item[] | null>(null);
  const [customised, setCustomised] = useState(false);
  const { width, containerRef, mounted } = useContainerWidth();
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The arrangement waiting for the debounce: sent at once if the user leaves first. */
  const unsaved = useRef<Item[] | null>(null);

  useEffect(() => {
    let live = true;
    setLayout(null);
    call(dashboardEndpoints.fetch, { params: { dashboard: type } })
      .then(({ data }) => {
        if (!live) return;
        setCustomised(Boolean(data));
        setLayout(mergeLayout(data, panels));
      })
      .catch(() => live && setLayout(defaultLayout(panels)));
    return () => {
      live = false;
      clearTimeout(saveTimer.current);
      const last = unsaved.current;
      unsaved.current = null;
      if (last) call(dashboardEndpoints.save, { params: { dashboard: type }, body: { layout: last } }).catch(handleError);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the panels of a dashboard type do not change while it is shown
  }, [type]);

  const save = (next: Item[]) => {
    clearTimeout(saveTimer.current);
    unsaved.current = next;
    saveTimer.current = setTimeout(() => {
      unsaved.current = null;
      call(dashboardEndpoints.save, { params: { dashboard: type }, body: { layout: next } }).then(() => setCustomised(true), handleError);
    }, constants.dashboard.saveDebounceMs);
  };

  const changed = (next: Item[]) => {
    if (layout && sameLayout(next, layout)) return;
    setLayout(next);
    save(next);
  };

  const reset = async () => {
    clearTimeout(saveTimer.current);
    unsaved.current = null;
    try {
      await call(dashboardEndpoints.forget, { params: { dashboard: type } });
      setCustomised(false);
      setLayout(defaultLayout(panels));
    } catch (error) {
      await handleError(error);
    }
  };

  // The measured element is the same in every state: useContainerWidth watches it from the first render.
  if (!scope || scope.type !== type)
    return (
      <div ref={containerRef}>
        <Spinner label={t('Loading...')} />
      </div>
    );
  if (type === 'newsletter' && user?.role.key === 'author')
    return (
      <div ref={containerRef}>
        <ComingSoon />
      </div>
    );

  const narrow = mounted && width < constants.dashboard.narrowWidth;
  const panelById = new Map(panels.map((panel) => [panel.id, panel]));
  const body = (panel: (typeof panels)[number]) => {
    const Content = panel.component;
    return (
      <div className="dashboard-panel__body">
        <Suspense fallback={<Spinner ariaLabel={t('Loading...')} />}>
          <Content scope={scope} />
        </Suspense>
      </div>
    );
  };

  return (
    <div ref={containerRef}>
      <Stack tokens={{ childrenGap: 16 }}>
        <Stack horizontal horizontalAlign="space-between" verticalAlign="center">
          <Text as="h1" variant="xxLarge" style={{ fontWeight: 700, margin: 0 }}>
            {scope.title}
          </Text>
          {customised && !narrow ? <DefaultButton text={t('Reset layout')} iconProps={{ iconName: 'Refresh' }} onClick={() => void reset()} /> : null}
        </Stack>
        <div className="dashboard">
          {!layout || !mounted ? (
            <Spinner label={t('Loading...')} />
          ) : narrow ? (
            <Stack tokens={{ childrenGap: gridMargin }}>
              {[...layout]
                .sort((a, b) => a.y - b.y || a.x - b.x)
                .map((item) => {
                  const panel = panelById.get(item.i);
                  return panel ? (
                    <div key={item.i} className="dashboard-stacked">
                      <section aria-label={t(panel.title)} className="dashboard-panel">
                        {body(panel)}
                      </section>
                    </div>
                  ) : null;
                })}
            </Stack>
          ) : (
            <PanelGrid
              width={width}
              layout={layout}
              panels={panels.map((panel) => ({ id: panel.id, title: t(panel.title), body: body(panel) }))}
              onLayoutChange={changed}
            />
          )}
        </div>
      </Stack>
    </div>
  );
}
