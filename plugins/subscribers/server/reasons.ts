/**
 * Why a reader left (spec 002: four preset Turkish reasons; everything else counts as other). The
 * reason kept is a preset's text, the text typed for 'other', or the 'other' label itself when
 * nothing was typed, so the cancellation donut never shows an empty reason.
 */
import { constants } from '../../../core/shared/config';

const { cancellationReasons, otherReason, reasonMaxLength } = constants.audience;

/** The reason to keep for a choice (a preset's text, or anything else meaning 'other') and the text typed for 'other'. */
export function reasonOf(choice: string | undefined, other: string | undefined): string {
  if (choice && cancellationReasons.includes(choice)) return choice;
  // Cut by characters, not UTF-16 units, so a Turkish letter or an emoji is never split.
  const typed = Array.from((other ?? '').trim())
    .slice(0, reasonMaxLength)
    .join('')
    .trim();
  return typed || otherReason;
}
