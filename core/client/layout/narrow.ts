/**
 * Below 768 pixels the console is one column (issue 31): the sidebar becomes a drawer behind the
 * top bar's menu button, and pages that have side panels start them closed.
 */
import { atom } from 'jotai';
import { useEffect, useState } from 'react';

export const narrowScreen = '(max-width: 767px)';

/** Whether the window is narrow now, following it as it is resized or turned. */
export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(narrowScreen).matches);
  useEffect(() => {
    const query = window.matchMedia(narrowScreen);
    const follow = () => setNarrow(query.matches);
    query.addEventListener('change', follow);
    follow();
    return () => query.removeEventListener('change', follow);
  }, []);
  return narrow;
}

/** The sidebar drawer of a narrow window: open while the menu button's drawer shows. */
export const drawerOpenAtom = atom(false);
