/**
 * Below 768 pixels the console is one column (issue 31): the sidebar becomes a drawer behind the
 * top bar's menu button, and pages that have side panels start them closed.
 */
import { atom } from 'jotai';
import { useEffect, useState } from 'react';
import { constants } from '../../shared/config';

export const narrowScreen = `(max-width: ${constants.layout.phoneWidth - 1}px)`;
/** A tablet's width: the sidebar is there, so the top bar's items take less room. */
export const compactScreen = `(max-width: ${constants.layout.tabletWidth - 1}px)`;

/** Whether the window matches a media query now, following it as it is resized or turned. */
function useScreen(media: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(media).matches);
  useEffect(() => {
    const query = window.matchMedia(media);
    const follow = () => setMatches(query.matches);
    query.addEventListener('change', follow);
    follow();
    return () => query.removeEventListener('change', follow);
  }, [media]);
  return matches;
}

/** Whether the window is narrow now (a phone). */
export const useNarrow = () => useScreen(narrowScreen);
/** Whether the window is a tablet's width or narrower. */
export const useCompact = () => useScreen(compactScreen);

/** The sidebar drawer of a narrow window: open while the menu button's drawer shows. */
export const drawerOpenAtom = atom(false);
