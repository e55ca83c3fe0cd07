/** The parts every page of the console is built from: its header, an empty state, a confirmation. */
import { DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton, Stack, Text } from '@fluentui/react';
import type { ReactNode } from 'react';
import { useBusy } from './forms';
import { theme } from './theme';
import { t } from './words';

/** The page title (h1) with the page's actions on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack horizontal wrap verticalAlign="center" horizontalAlign="space-between" tokens={{ childrenGap: 16 }}>
      <Text as="h1" variant="xxLarge" styles={{ root: { fontWeight: 700, margin: 0 } }}>
        {title}
      </Text>
      <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 24 }}>
        {children}
      </Stack>
    </Stack>
  );
}

/** What a list shows when it has nothing. */
export function EmptyState({ title, text }: { title: string; text?: string }) {
  return (
    <Stack horizontalAlign="center" tokens={{ childrenGap: 8, padding: 48 }} styles={{ root: { background: theme.palette.white, borderRadius: 8 } }}>
      <Text variant="large" styles={{ root: { fontWeight: 600 } }}>
        {title}
      </Text>
      {text ? <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>{text}</Text> : null}
    </Stack>
  );
}

export interface ConfirmDialogProps {
  title: string;
  text: string;
  /** The confirming button's text, e.g. 'DELETE'. */
  action: string;
  /** The other button's text: 'CANCEL' unless told (a dialog that confirms a cancel says 'BACK'). */
  dismiss?: string;
  /** Runs the action; a failure goes to the shared error handler and the dialog stays open. */
  onConfirm(): Promise<void>;
  onDismiss(): void;
}

export function ConfirmDialog({ title, text, action, dismiss, onConfirm, onDismiss }: ConfirmDialogProps) {
  const { busy, run } = useBusy();
  return (
    <Dialog hidden={false} onDismiss={onDismiss} dialogContentProps={{ type: DialogType.normal, title, subText: text }} modalProps={{ isBlocking: busy }}>
      <DialogFooter>
        <DefaultButton text={dismiss ?? t('CANCEL')} onClick={onDismiss} disabled={busy} />
        <PrimaryButton text={action} onClick={() => void run(onConfirm)} disabled={busy} />
      </DialogFooter>
    </Dialog>
  );
}
