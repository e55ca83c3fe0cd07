// @vitest-environment happy-dom
/**
 * The analytics screens' small rules (spec 002 sections 3, 4 and 9): source names, reading time,
 * the cancellation table's date, reasons grouped into the preset ones and the other one, the
 * ranges' windows and custom limits, and the fetch queue's spacing and dropped fetches.
 */
import { describe, expect, it } from 'vitest';
import { constants } from '../../core/shared/config';
import { cancellationDate, machineShare, readingDuration, reasonGroup, repeatsNote, sourceName } from '../../plugins/analytics/client/display';
import { FetchQueue } from '../../plugins/analytics/client/fetch-queue';
import { customLimits, customRange, dateRange, spanStarts, windowOf } from '../../plugins/analytics/client/ranges';

describe('what the screens write', () => {
  it("names sources: 'Unknown source' for none (issue 30, not the spec's 'null'), 'iOS', others capitalised", () => {
    expect([null, undefined, '', 'ios', 'email', 'web', 'android'].map(sourceName)).toEqual([
      'Unknown source',
      'Unknown source',
      'Unknown source',
      'iOS',
      'Email',
      'Web',
      'Android',
    ]);
  });

  it('writes a reading time as h:mm:ss', () => {
    expect([0, 59.6, 75, 3661, 36_000].map(readingDuration)).toEqual(['0:00:00', '0:01:00', '0:01:15', '1:01:01', '10:00:00']);
  });

  it("writes the cancellation date as 'dddd, MMMM Do HH:mm, YYYY'", () => {
    expect(cancellationDate('2026-11-01 07:04:09')).toBe('Sunday, November 1st 07:04, 2026');
    expect(cancellationDate('2026-11-22 23:59:00')).toBe('Sunday, November 22nd 23:59, 2026');
  });

  it('counts any reason that is not a preset one as the other one', () => {
    const [first] = constants.audience.cancellationReasons;
    expect(reasonGroup(first!)).toBe(first);
    expect(reasonGroup('Taşınıyorum')).toBe(constants.audience.otherReason);
    expect(reasonGroup('')).toBe(constants.audience.otherReason);
  });

  it('gives the machine share of all activity as the issue results write theirs, and nothing without activity', () => {
    expect(machineShare(75, 25, 'opens')).toBe('25% machine opens filtered');
    // 291 machine copies beside 1,189 people's: an issue's machineOpenShare, to a tenth as the results write it.
    expect(machineShare(1189, 291, 'opens')).toBe('19.7% machine opens filtered');
    expect(machineShare(10, 0, 'clicks')).toBe('0% machine clicks filtered');
    expect(machineShare(0, 0, 'opens')).toBeNull();
    expect(machineShare(10, 0, 'reads')).toBeNull();
    expect(machineShare(0, 0, 'reads')).toBeNull();
  });

  it("tells a copy's repeats beside people's opens and clicks as repeats, never as a second total, and nothing without repeats", () => {
    expect(repeatsNote(199, 'opens')).toBe('199 repeat opens not counted');
    expect(repeatsNote(3400, 'clicks')).toBe('3,400 repeat clicks not counted');
    expect(repeatsNote(0, 'opens')).toBeNull();
  });
});

describe('ranges', () => {
  const now = new Date(2026, 10, 18, 23, 30);

  it('covers the default windows: 14 days, 12 weeks from a Monday, 6 months from the first', () => {
    expect(dateRange(windowOf('daily', now))).toEqual({ startAt: '2026-11-05T00:00:00.000Z', endAt: '2026-11-18T23:59:59.999Z' });
    expect(spanStarts(windowOf('daily', now), 'day')).toHaveLength(14);
    expect(spanStarts(windowOf('weekly', now), 'week')).toHaveLength(12);
    expect(spanStarts(windowOf('weekly', now), 'week')[0]).toBe('2026-08-31');
    expect(spanStarts(windowOf('monthly', now), 'month')).toEqual(['2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01']);
  });

  it('keeps a custom range between the creation date and today, its ends in order', () => {
    const limits = customLimits('2026-10-10T15:00:00.000Z', now);
    const range = customRange(new Date(2026, 8, 1), new Date(2027, 0, 1), limits);
    expect(dateRange(range)).toEqual({ startAt: '2026-10-10T00:00:00.000Z', endAt: '2026-11-18T23:59:59.999Z' });
    expect(dateRange(customRange(new Date(2026, 10, 12), new Date(2026, 10, 11), limits))).toEqual({
      startAt: '2026-11-11T00:00:00.000Z',
      endAt: '2026-11-12T23:59:59.999Z',
    });
  });
});

describe('the fetch queue', () => {
  it('starts fetches in order, spaced, and drops an aborted one without spending a turn', async () => {
    const queue = new FetchQueue(100);
    const started: [string, number][] = [];
    const begin = performance.now();
    const fetch = (name: string) => () => {
      started.push([name, performance.now() - begin]);
      return Promise.resolve(name);
    };
    const dropped = new AbortController();
    const answers = [queue.run(fetch('a')), queue.run(fetch('b'), dropped.signal), queue.run(fetch('c')), queue.run(fetch('d'))];
    dropped.abort();
    const settled = await Promise.allSettled(answers);
    expect(settled.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(started.map(([name]) => name)).toEqual(['a', 'c', 'd']);
    expect(started[1]![1] - started[0]![1]).toBeGreaterThanOrEqual(95);
    expect(started[2]![1] - started[1]![1]).toBeGreaterThanOrEqual(95);
    // c took b's turn: about one spacing after a, not two.
    expect(started[1]![1]).toBeLessThan(190);
  });
});
