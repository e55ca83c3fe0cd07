/**
 * Where a dashboard's panels stand: the default arrangement (the panels in order, left to right,
 * wrapping at 24 columns) and a user's saved one merged with the panels that exist now.
 */
import type { DashboardPanel } from './registry';

export const columns = 24;

export interface LayoutEntry {
  /** The panel's id. */
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

type Panel = Pick<DashboardPanel, 'size'> & { id: string };

export function defaultLayout(panels: Panel[]): LayoutEntry[] {
  const items: LayoutEntry[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const panel of panels) {
    const w = Math.min(columns, panel.size?.w ?? 12);
    const h = panel.size?.h ?? 6;
    if (x + w > columns) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    items.push({ i: panel.id, x, y, w, h });
    x += w;
    rowHeight = Math.max(rowHeight, h);
  }
  return items;
}

/** A saved arrangement, keeping only panels that still exist and adding new ones below it. */
export function mergeLayout(saved: LayoutEntry[] | null, panels: Panel[]): LayoutEntry[] {
  if (!saved) return defaultLayout(panels);
  const known = new Set(panels.map((panel) => panel.id));
  const kept = saved.filter((item) => known.has(item.i));
  const placed = new Set(kept.map((item) => item.i));
  const bottom = kept.reduce((lowest, item) => Math.max(lowest, item.y + item.h), 0);
  const added = defaultLayout(panels.filter((panel) => !placed.has(panel.id))).map((item) => ({ ...item, y: item.y + bottom }));
  return [...kept, ...added];
}

export function sameLayout(a: readonly LayoutEntry[], b: readonly LayoutEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((item) => b.some((other) => other.i === item.i && other.x === item.x && other.y === item.y && other.w === item.w && other.h === item.h))
  );
}
