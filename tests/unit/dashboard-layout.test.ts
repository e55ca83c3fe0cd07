/** Where dashboard panels stand by default, and how a saved arrangement meets the panels that exist now. */
import { describe, expect, it } from 'vitest';
import { defaultLayout, mergeLayout } from '../../core/client/dashboard-layout';

const panels = [
  { id: 'greeting', size: { w: 24, h: 2 } },
  { id: 'card', size: { w: 12, h: 7 } },
  { id: 'spotlight', size: { w: 12, h: 5 } },
  { id: 'tips', size: { w: 24, h: 6 } },
];

describe('dashboard layout', () => {
  it('places panels in order, left to right, wrapping at 24 columns', () => {
    expect(defaultLayout(panels)).toEqual([
      { i: 'greeting', x: 0, y: 0, w: 24, h: 2 },
      { i: 'card', x: 0, y: 2, w: 12, h: 7 },
      { i: 'spotlight', x: 12, y: 2, w: 12, h: 5 },
      { i: 'tips', x: 0, y: 9, w: 24, h: 6 },
    ]);
  });

  it("keeps a user's arrangement, drops panels that are gone and adds new ones below", () => {
    const saved = [
      { i: 'tips', x: 0, y: 0, w: 24, h: 6 },
      { i: 'card', x: 0, y: 6, w: 24, h: 7 },
      { i: 'removed-plugin', x: 0, y: 13, w: 12, h: 4 },
    ];
    expect(mergeLayout(saved, panels)).toEqual([
      { i: 'tips', x: 0, y: 0, w: 24, h: 6 },
      { i: 'card', x: 0, y: 6, w: 24, h: 7 },
      { i: 'greeting', x: 0, y: 13, w: 24, h: 2 },
      { i: 'spotlight', x: 0, y: 15, w: 12, h: 5 },
    ]);
    expect(mergeLayout(null, panels)).toEqual(defaultLayout(panels));
  });
});
