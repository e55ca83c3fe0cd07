/**
 * 'AdBlock Detected': ad blockers break parts of the console (embeds, previews). The console
 * fetches a bait file; when a blocker refuses it, this dialog asks to disable the blocker.
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton } from '@fluentui/react';
import { useEffect, useState } from 'react';

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
    <Dialog
      hidden={false}
      onDismiss={() => setOpen(false)}
      dialogContentProps={{
        type: DialogType.normal,
        title: 'AdBlock Detected',
        subText: 'An ad blocker is active on this site. It can break previews, embeds and uploads in the console. Please disable it for this site and reload.',
      }}
      modalProps={{ isBlocking: true }}
    >
      <DialogFooter>
        <PrimaryButton text="I've disabled AdBlock" onClick={() => location.reload()} />
        <DefaultButton
          text="Continue anyway"
          onClick={() => {
            localStorage.setItem(adBlockChoiceKey, 'true');
            setOpen(false);
          }}
        />
      </DialogFooter>
    </Dialog>
  );
}
