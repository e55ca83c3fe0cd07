/**
 * The 'AdBlock Detected' dialog itself, loaded only when a blocker is found (AdBlockDialog). The
 * file's name leaves out 'ad': blockers refuse scripts whose address says it.
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton } from '@fluentui/react';
import { t } from '../words';

export default function ExtensionWarning({ onDismiss, onContinue }: { onDismiss(): void; onContinue(): void }) {
  return (
    <Dialog
      hidden={false}
      onDismiss={onDismiss}
      dialogContentProps={{
        type: DialogType.normal,
        title: t('AdBlock Detected'),
        subText: t(
          'An ad blocker is active on this site. It can break previews, embeds and uploads in the console. Please disable it for this site and reload.',
        ),
      }}
      modalProps={{ isBlocking: true }}
    >
      <DialogFooter>
        <PrimaryButton text={t("I've disabled AdBlock")} onClick={() => location.reload()} />
        <DefaultButton text={t('Continue anyway')} onClick={onContinue} />
      </DialogFooter>
    </Dialog>
  );
}
