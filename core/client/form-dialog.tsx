/**
 * A dialog that holds one form: the fields, then CANCEL and the submitting button. While the form
 * is sent (`busy`), the dialog cannot be closed and both buttons are disabled; pair it with
 * `useFormSubmit` (core/client/forms.ts), whose `submit` it calls.
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton, Spinner, Stack } from '@fluentui/react';
import type { FormEvent, ReactNode } from 'react';
import { t } from './words';

export interface FormDialogProps {
  title: string;
  /** A line under the title. */
  subText?: string;
  minWidth: number;
  maxWidth?: number;
  /** A tall form scrolls inside the dialog beyond this height, e.g. '90vh'. */
  maxHeight?: string;
  /** The form's accessible name, where the title does not give it one. */
  label?: string;
  /** A class on the dialog's layer, for code that asks whether a click is inside it. */
  className?: string;
  /** The space between the fields. */
  gap: number;
  busy: boolean;
  /** While what the form edits is loading: a spinner instead of the form. */
  loading?: boolean;
  /** The submitting button: 'SAVE' unless told, with an optional icon. */
  action?: string;
  /** Whether focus goes back where it was when the dialog closes (true unless told): the rich-text editor takes it itself. */
  restoreFocus?: boolean;
  actionIcon?: string;
  onSubmit(event: FormEvent): Promise<void>;
  onDismiss(): void;
  children: ReactNode;
}

export function FormDialog({
  title,
  subText,
  minWidth,
  maxWidth,
  maxHeight,
  label,
  className,
  gap,
  busy,
  loading = false,
  action,
  actionIcon,
  restoreFocus = true,
  onSubmit,
  onDismiss,
  children,
}: FormDialogProps) {
  return (
    <Dialog
      hidden={false}
      onDismiss={busy ? undefined : onDismiss}
      dialogContentProps={{ type: DialogType.normal, title, subText }}
      minWidth={minWidth}
      maxWidth={maxWidth}
      modalProps={{
        isBlocking: busy,
        className,
        styles: maxHeight ? { scrollableContent: { maxHeight } } : undefined,
        focusTrapZoneProps: { disableRestoreFocus: !restoreFocus },
      }}
    >
      {loading ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
          <Stack tokens={{ childrenGap: gap }}>{children}</Stack>
          <DialogFooter>
            <DefaultButton text={t('CANCEL')} onClick={onDismiss} disabled={busy} />
            <PrimaryButton type="submit" text={action ?? t('SAVE')} iconProps={actionIcon ? { iconName: actionIcon } : undefined} disabled={busy} />
          </DialogFooter>
        </form>
      )}
    </Dialog>
  );
}
