/** The rows a refused import found wrong, each with its message, so the file can be fixed in one go. */
import { Dialog, DialogFooter, DialogType, PrimaryButton, Text } from '@fluentui/react';

export interface RowProblem {
  message: string;
  path: string;
}

export function ImportErrorsDialog({ problems, onDismiss }: { problems: RowProblem[]; onDismiss(): void }) {
  return (
    <Dialog
      hidden={false}
      onDismiss={onDismiss}
      dialogContentProps={{ type: DialogType.normal, title: 'Import Errors', subText: 'Nothing was imported. Fix these rows in the file and import it again.' }}
      minWidth={480}
    >
      <ul aria-label="Import errors" style={{ maxHeight: 320, overflowY: 'auto', margin: 0, paddingLeft: 20 }}>
        {problems.map((problem) => (
          <li key={`${problem.path}-${problem.message}`}>
            <Text>{problem.message}</Text>
          </li>
        ))}
      </ul>
      <DialogFooter>
        <PrimaryButton text="OK" onClick={onDismiss} />
      </DialogFooter>
    </Dialog>
  );
}
