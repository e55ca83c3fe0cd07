/**
 * The dashboard's grid of panels. It places them itself at first, where react-grid-layout would
 * (its vertical compaction and arithmetic, redone here: the library's own functions would bring
 * the rest of its module along). The dragging and resizing, about a tenth of the first screen's
 * scripts, load when the pointer comes to a grip or a corner (ArrangeableGrid) and take over.
 * Each panel's content is a portal into a node of its own that the grid of the moment hosts, so
 * the switch neither remounts nor refetches it; a press on a grip or a corner made before the
 * library is there is handed on to it.
 */
import { IconButton } from '@fluentui/react';
import { useEffect, useRef, useState, type ComponentType, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import 'react-grid-layout/css/styles.css';
import { constants } from '../../shared/config';
import { columns, type LayoutEntry } from '../dashboard-layout';
import { t } from '../words';
import './panel-grid.css';

export const gridMargin = 24;
export const gridConfig = {
  cols: columns,
  rowHeight: constants.dashboard.rowHeight,
  margin: [gridMargin, gridMargin] as const,
  containerPadding: [0, 0] as const,
};

export interface GridPanel {
  id: string;
  title: string;
  /** The panel's body; the grid frames it and adds the grip. */
  body: ReactNode;
}

/** A panel as either grid shows it: its grip, and the node its content lives in. */
export interface GridItem {
  id: string;
  title: string;
  inner: ReactNode;
}

export interface GridProps {
  width: number;
  layout: LayoutEntry[];
  items: Map<string, GridItem>;
  onLayoutChange(next: LayoutEntry[]): void;
}

/** What a grid item is, in both grids: a region named after the panel, found by its id. */
export function itemProps(item: GridItem) {
  return { 'data-panel': item.id, role: 'region', 'aria-label': item.title };
}

// Once loaded, a dashboard shown again is arrangeable at once.
let loadedGrid: ComponentType<GridProps> | undefined;

const overlap = (a: LayoutEntry, b: LayoutEntry) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * react-grid-layout's vertical compaction: within the columns, each panel (top to bottom) as high
 * as it fits. The same result for the layouts it saves (no two panels overlap); overlaps it
 * resolves its own way once it is loaded.
 */
function compactLayout(layout: LayoutEntry[]): LayoutEntry[] {
  const placed: LayoutEntry[] = [];
  let bottom = 0;
  for (const entry of [...layout].sort((a, b) => a.y - b.y || a.x - b.x)) {
    const w = Math.min(entry.w, columns);
    const item = { ...entry, w, x: Math.max(0, Math.min(entry.x, columns - w)), y: Math.max(0, Math.min(entry.y, bottom)) };
    while (item.y > 0 && !placed.some((other) => overlap(other, { ...item, y: item.y - 1 }))) item.y--;
    for (let hit = placed.find((other) => overlap(other, item)); hit; hit = placed.find((other) => overlap(other, item))) item.y = hit.y + hit.h;
    placed.push(item);
    bottom = Math.max(bottom, item.y + item.h);
  }
  return placed;
}

/** The panels where react-grid-layout puts them, with the same classes and styles, and no handlers. */
function StaticGrid({ width, layout, items }: GridProps) {
  const placed = compactLayout(layout);
  const rows = placed.reduce((lowest, item) => Math.max(lowest, item.y + item.h), 0);
  // The library's rounding: an item ends where the next column (row) starts, less the margin.
  const column = (width - gridMargin * (columns - 1)) / columns + gridMargin;
  const row = gridConfig.rowHeight + gridMargin;
  const span = (step: number, from: number, size: number) => Math.round(step * (from + size)) - Math.round(step * from) - gridMargin;
  return (
    <div className="react-grid-layout" style={{ height: `${rows * row - gridMargin}px` }}>
      {placed.map(({ i, x, y, w, h }) => {
        const item = items.get(i);
        const translate = `translate(${Math.round(column * x)}px,${Math.round(row * y)}px)`;
        const style = {
          transform: translate,
          WebkitTransform: translate,
          width: `${span(column, x, w)}px`,
          height: `${span(row, y, h)}px`,
          position: 'absolute' as const,
        };
        return (
          <div key={i} className="react-grid-item react-draggable cssTransforms react-resizable" style={style} {...(item ? itemProps(item) : {})}>
            {item?.inner}
            <span className="react-resizable-handle react-resizable-handle-se" />
          </div>
        );
      })}
    </div>
  );
}

/** Where a portal's content is shown: the host node is moved in, React leaves it alone. */
function Slot({ host }: { host: HTMLElement }) {
  return <div style={{ height: '100%' }} ref={(div) => void div?.appendChild(host)} />;
}

type Press = { id: string; handle: string; x: number; y: number };

const handles = ['.dashboard-panel__grip', '.react-resizable-handle'];
const handleOf = (target: Element) => handles.find((selector) => target.closest(selector));

export default function PanelGrid({ width, layout, panels, onLayoutChange }: Omit<GridProps, 'items'> & { panels: GridPanel[] }) {
  const [Grid, setGrid] = useState(() => loadedGrid);
  const loading = useRef(false);
  const hosts = useRef(new Map<string, HTMLElement>());
  const press = useRef<Press | null>(null);
  const container = useRef<HTMLDivElement>(null);

  const hostOf = (id: string) => {
    let host = hosts.current.get(id);
    if (!host) {
      host = document.createElement('div');
      host.style.height = '100%';
      hosts.current.set(id, host);
    }
    return host;
  };

  const arrange = () => {
    if (Grid || loading.current) return;
    loading.current = true;
    void import('./ArrangeableGrid').then((module) => {
      loadedGrid = module.default;
      setGrid(() => module.default);
    });
  };

  // A grip or a corner pressed before the library came: remembered until the button is let go.
  const pressed = (event: PointerEvent) => {
    const target = event.target as Element;
    const handle = handleOf(target);
    const id = target.closest('[data-panel]')?.getAttribute('data-panel');
    if (Grid || !handle || !id) return;
    arrange();
    if (event.pointerType !== 'mouse' || event.button !== 0) return;
    press.current = { id, handle, x: event.clientX, y: event.clientY };
    window.addEventListener('pointerup', () => (press.current = null), { once: true });
  };

  // The library's grid is in place: it starts the drag or the resize that press began.
  useEffect(() => {
    const held = press.current;
    press.current = null;
    if (!Grid || !held) return;
    const item = container.current?.querySelector(`[data-panel="${CSS.escape(held.id)}"]`);
    item
      ?.querySelector(held.handle)
      ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, view: window, button: 0, buttons: 1, clientX: held.x, clientY: held.y }));
  }, [Grid]);

  const items = new Map(
    panels.map((panel): [string, GridItem] => [
      panel.id,
      {
        ...panel,
        inner: (
          <>
            <IconButton
              className="dashboard-panel__grip"
              iconProps={{ iconName: 'GripperDotsVertical' }}
              title={t('Move')}
              ariaLabel={t('Move {panel}', { panel: panel.title })}
            />
            <Slot host={hostOf(panel.id)} />
          </>
        ),
      },
    ]),
  );
  const Shown = Grid ?? StaticGrid;
  return (
    <div ref={container} onPointerOver={(event) => handleOf(event.target as Element) && arrange()} onPointerDownCapture={pressed}>
      <Shown width={width} layout={layout} items={items} onLayoutChange={onLayoutChange} />
      {panels.map((panel) => createPortal(<section className="dashboard-panel">{panel.body}</section>, hostOf(panel.id), panel.id))}
    </div>
  );
}
