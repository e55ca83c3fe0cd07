/** The rates of an issue's results (issue 30, plugins/issues/results.ts). */
import { describe, expect, it } from 'vitest';
import { issueResults, noCounts, rate } from '../../plugins/issues/results';

describe('issue results', () => {
  it('divides by delivered copies: sent less bounced', () => {
    const results = issueResults({ ...noCounts, sent: 1000, bounced: 50, opens: 380, clickers: 57, unsubscribes: 19, complaints: 1 });
    expect(results.delivered).toBe(950);
    expect(results.openRate).toBeCloseTo(0.4);
    expect(results.clickRate).toBeCloseTo(0.06);
    expect(results.unsubscribeRate).toBeCloseTo(0.02);
    expect(results.complaintRate).toBeCloseTo(1 / 950);
    // Bounces are a share of what was sent, not of what arrived.
    expect(results.bounceRate).toBeCloseTo(0.05);
  });

  it("leaves machines' opens and clicks out of the rates and gives their share beside them", () => {
    const people = issueResults({ ...noCounts, sent: 200, opens: 80, clickers: 10 });
    const withMachines = issueResults({ ...noCounts, sent: 200, opens: 80, machineOpens: 120, clickers: 10, machineClickers: 30 });
    expect(withMachines.openRate).toBe(people.openRate);
    expect(withMachines.clickRate).toBe(people.clickRate);
    expect(withMachines.openRate).toBeCloseTo(0.4);
    expect(withMachines.machineOpenShare).toBeCloseTo(0.6);
    expect(withMachines.machineClickShare).toBeCloseTo(0.75);
    expect(people.machineOpenShare).toBe(0);
  });

  it('has no rate for an issue with nothing delivered: null, never NaN or Infinity', () => {
    for (const counts of [noCounts, { ...noCounts, sent: 3, bounced: 3 }, { ...noCounts, opens: 4, machineOpens: 2 }]) {
      const results = issueResults(counts);
      expect(results.delivered).toBe(0);
      expect(results.openRate).toBeNull();
      expect(results.clickRate).toBeNull();
      expect(results.unsubscribeRate).toBeNull();
      expect(results.complaintRate).toBeNull();
    }
    expect(issueResults({ ...noCounts, sent: 3, bounced: 3 }).bounceRate).toBe(1);
    expect(issueResults(noCounts).bounceRate).toBeNull();
    expect(issueResults(noCounts).machineOpenShare).toBeNull();
  });

  it('never divides into NaN', () => {
    expect(rate(1, 0)).toBeNull();
    expect(rate(0, 0)).toBeNull();
    expect(rate(Number.NaN, 10)).toBeNull();
    expect(rate(5, Number.NaN)).toBeNull();
    expect(rate(0, 10)).toBe(0);
  });
});
