/** How a subject test finds its winner (issue 58, plugins/issues/subject-test.ts). */
import { describe, expect, it } from 'vitest';
import { decideSubjectTest, differenceConfidence, normalCdf } from '../../plugins/issues/subject-test';

describe("a subject test's decision", () => {
  it('uses the standard normal distribution', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1.959964)).toBeCloseTo(0.025, 6);
    expect(normalCdf(3)).toBeCloseTo(0.99865, 5);
  });

  it('is as sure as a two-proportion test with a pooled rate says, and sure of nothing without copies or without a difference', () => {
    // 20 % against 15 % of 1,000 copies each: z = 0.05 / sqrt(0.175 x 0.825 x 2 / 1000) = 2.943.
    expect(differenceConfidence({ part: 200, whole: 1000 }, { part: 150, whole: 1000 })).toBeCloseTo(0.99675, 4);
    expect(differenceConfidence({ part: 150, whole: 1000 }, { part: 200, whole: 1000 })).toBeCloseTo(0.99675, 4);
    expect(differenceConfidence({ part: 30, whole: 100 }, { part: 30, whole: 100 })).toBe(0);
    expect(differenceConfidence({ part: 0, whole: 100 }, { part: 0, whole: 100 })).toBe(0);
    expect(differenceConfidence({ part: 100, whole: 100 }, { part: 100, whole: 100 })).toBe(0);
    expect(differenceConfidence({ part: 0, whole: 0 }, { part: 10, whole: 100 })).toBe(0);
  });

  it('picks the variant people opened most when it is clearly ahead, whichever place it has', () => {
    const verdict = decideSubjectTest(
      [
        { delivered: 1000, opens: 150, clickers: 40 },
        { delivered: 1000, opens: 160, clickers: 20 },
        { delivered: 1000, opens: 210, clickers: 10 },
      ],
      'opens',
    );
    expect(verdict.winner).toBe(2);
    expect(verdict.decidedBy).toBe('opens');
    // Ahead of the next best (16 %), not only of the last.
    expect(verdict.confidence).toBeCloseTo(differenceConfidence({ part: 210, whole: 1000 }, { part: 160, whole: 1000 }), 10);
    expect(verdict.confidence).toBeGreaterThan(0.95);
  });

  it('calls a small difference too close, and the first subject goes', () => {
    const verdict = decideSubjectTest(
      [
        { delivered: 500, opens: 100, clickers: 10 },
        { delivered: 500, opens: 110, clickers: 12 },
      ],
      'opens',
    );
    expect(verdict).toMatchObject({ winner: 0, decidedBy: null });
    expect(verdict.confidence).toBeLessThan(0.95);
    expect(verdict.confidence).toBeGreaterThan(0);
  });

  it('decides by clicks when asked, or when opens are too close to call', () => {
    const figures = [
      { delivered: 1000, opens: 300, clickers: 30 },
      { delivered: 1000, opens: 305, clickers: 70 },
    ];
    expect(decideSubjectTest(figures, 'opens')).toMatchObject({ winner: 0, decidedBy: null });
    expect(decideSubjectTest(figures, 'clicks')).toMatchObject({ winner: 1, decidedBy: 'clicks' });
    expect(decideSubjectTest(figures, 'opensThenClicks')).toMatchObject({ winner: 1, decidedBy: 'clicks' });
    // Opens that decide are not second-guessed by clicks.
    const clearOpens = [
      { delivered: 1000, opens: 400, clickers: 70 },
      { delivered: 1000, opens: 300, clickers: 30 },
    ];
    expect(decideSubjectTest(clearOpens, 'opensThenClicks')).toMatchObject({ winner: 0, decidedBy: 'opens' });
    expect(decideSubjectTest([...figures].reverse(), 'opensThenClicks')).toMatchObject({ winner: 0, decidedBy: 'clicks' });
  });

  it('compares rates, not counts: a variant with fewer copies can win, and one with no copy delivered cannot', () => {
    const verdict = decideSubjectTest(
      [
        { delivered: 1000, opens: 200, clickers: 0 },
        { delivered: 600, opens: 200, clickers: 0 },
        { delivered: 0, opens: 0, clickers: 0 },
      ],
      'opens',
      0.9,
    );
    expect(verdict).toMatchObject({ winner: 1, decidedBy: 'opens' });
  });
});
