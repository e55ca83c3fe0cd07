/** How the analytics screens write what they show (spec 002 sections 3 and 9). */
import { format, parse } from 'date-fns';
import { formatNumber, formatPercent } from '../../../core/client/format';
import { constants } from '../../../core/shared/config';
import { t } from '../../../core/client/words';
import { machineShareNote, rate, repeatsNote } from '../../issues/client/public';

/** An empty source's name, in English (`sourceName` writes it in the console's language). */
export const unknownSource = 'Unknown source';

/**
 * Source display, in the console's language: 'ios' is 'iOS', others are capitalised. An empty
 * source is 'Unknown source' (issue 30: spec 002's 'null' read as a fault, not as a source).
 */
export function sourceName(source: string | null | undefined): string {
  if (!source) return t('Unknown source');
  if (source === 'ios') return 'iOS';
  if (source === 'email') return t('Email');
  return source.charAt(0).toUpperCase() + source.slice(1);
}

/** A reading duration in seconds as h:mm:ss. */
export function readingDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const two = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(whole / 3600)}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
}

/**
 * The machine share beside a chart of people's activity: '12.4% machine opens filtered', the share
 * of machines in everything counted (issue 55: one figure per issue). For opens and clicks both
 * counts are copies, each once, so that over an issue's whole life it is its results'
 * machineOpenShare or machineClickShare, written as the results write it; for reads, every read.
 * Nothing when there was no activity at all.
 */
export function machineShare(people: number, machines: number, noun: 'opens' | 'clicks' | 'reads'): string | null {
  const share = rate(machines, people + machines);
  if (noun !== 'reads') return machineShareNote(share, noun);
  // Reads come from a script a person's browser runs: none of them is a machine's, so saying 0% would be noise.
  return share ? t('{share} machine reads filtered', { share: formatPercent(share) }) : null;
}

/** People's repeats beside their opens or clicks, never a second total (the issue results write them so too). */
export { repeatsNote };

/** A cancellation reason as the donut groups it: one of the preset reasons, or the other one. */
export function reasonGroup(reason: string): string {
  return constants.audience.cancellationReasons.includes(reason) ? reason : constants.audience.otherReason;
}

/** The cancellation table's date: 'dddd, MMMM Do HH:mm, YYYY' ('Monday, November 2nd 09:05, 2026'). */
export function cancellationDate(date: string): string {
  const parsed = parse(date, 'yyyy-MM-dd HH:mm:ss', new Date(0));
  return Number.isNaN(parsed.getTime()) ? date : format(parsed, 'EEEE, MMMM do HH:mm, yyyy');
}

/** Counts in the console's language (core/client/format.ts): '4.000' in Turkish, '4,000' in English. */
export const count = (value: number) => formatNumber(value);
