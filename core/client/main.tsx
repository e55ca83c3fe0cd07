/** The console's entry: theme and icons from our own server, then the app in the console's language. */
import { useAtomValue } from 'jotai';
import { Fragment, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { consoleLangAtom } from './format';
import { installIcons } from './icon-fonts';
import { installTheme } from './theme';
import { Toaster } from './toasts';
import { loadWords, wordsLoaded } from './words';
import './global.css';

installIcons();
installTheme();

/**
 * Draws the console once its words are loaded, and again from the root when the language
 * changes, so that every text, date and number follows it at once.
 */
function Console() {
  const lang = useAtomValue(consoleLangAtom);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    document.documentElement.lang = lang;
    if (!wordsLoaded(lang)) void loadWords(lang).then(() => setLoaded((count) => count + 1));
  }, [lang]);
  if (!wordsLoaded(lang)) return null;
  return (
    <Fragment key={lang}>
      <App />
      <Toaster />
    </Fragment>
  );
}

createRoot(document.getElementById('root')!).render(<Console />);
