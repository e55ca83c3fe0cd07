/** Rules the episode form and the server share, so what the form says and what is refused cannot drift. */

/** A scheduled episode's date: a time still to come, or this message. */
export function scheduleProblem(at: Date | null, now = new Date()): string | null {
  return !at || Number.isNaN(at.getTime()) || at.getTime() <= now.getTime() ? 'Choose a date in the future.' : null;
}
