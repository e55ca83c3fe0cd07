/**
 * The 'AdBlock Detected' dialog itself, loaded only when a blocker is found (AdBlockDialog). The
 * file's name leaves out 'ad': blockers refuse scripts whose address says it.
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton } from '@fluentui/react';

export default function ExtensionWarning({ onDismiss, onContinue }: { onDismiss(): void; onContinue(): void }) {
  return (
    <Dialog
      hidden={false}
      onDismiss={onDismiss}
      dialogContentProps={{
        type: DialogType.normal,
        title: 'AdBlock Detected',
        subText: 'An ad blocker is active on this site. It can break previews, embeds and uploads in the console. Please disable it for this site and reload.',
      }}
      modalProps={{ isBlocking: true }}
    >
      <DialogFooter>
        <PrimaryButton text="I've disabled AdBlock" onClick={() => location.reload()} />
        <DefaultButton text="Continue anyway" onClick={onContinue} />
      </DialogFooter>
    </Dialog>
  );
}
