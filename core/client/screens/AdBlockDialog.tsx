/**
 * 'AdBlock Detected': ad blockers break parts of the console (embeds, previews). The console
 * fetches a bait file; when a blocker refuses it, this dialog asks to disable the blocker.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

// The dialog's Fluent parts load only when a blocker is found.
const ExtensionWarning = lazy(() => import('./ExtensionWarning'));

export const adBlockChoiceKey = 'adblock-continue';

export async function adBlockerActive(): Promise<boolean> {
  try {
    const response = await fetch('/ads/adsbygoogle.js', { cache: 'no-store' });
    return !response.ok;
  } catch {
    return true;
  }
}

export default function AdBlockDialog() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (localStorage.getItem(adBlockChoiceKey) === 'true') return;
    let cancelled = false;
    adBlockerActive().then((active) => !cancelled && setOpen(active));
    return () => {
      cancelled = true;
    };
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ExtensionWarning
        onDismiss={() => setOpen(false)}
        onContinue={() => {
          localStorage.setItem(adBlockChoiceKey, 'true');
          setOpen(false);
        }}
      />
    </Suspense>
  );
}
