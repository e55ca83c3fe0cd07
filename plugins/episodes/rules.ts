/** Rules the episode form and the server share, so what the form says and what is refused cannot drift. */

/** A scheduled episode's date: a time still to come, or this message. */
export function scheduleProblem(at: Date | null, now = new Date()): string | null {
  return !at || Number.isNaN(at.getTime()) || at.getTime() <= now.getTime() ? 'Choose a date in the future.' : null;
}

/** Publishing the TTS episode of a story made premium: its audio is the story, for subscribers only. */
export const withheldMessage = "This episode's story is premium: its audio stays out of the podcast while it is.";
