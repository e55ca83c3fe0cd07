/** The console's entry: theme and icons from our own server, then the app. */
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installIcons } from './icon-fonts';
import { installTheme } from './theme';
import { Toaster } from './toasts';
import './global.css';

installIcons();
installTheme();

createRoot(document.getElementById('root')!).render(
  <>
    <App />
    <Toaster />
  </>,
);
