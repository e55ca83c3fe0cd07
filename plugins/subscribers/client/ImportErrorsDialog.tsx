/** The rows a refused import found wrong, each with its message, so the file can be fixed in one go. */
import { Dialog, DialogFooter, DialogType, PrimaryButton, Text } from '@fluentui/react';
import { t } from '../../../core/client/words';

export interface RowProblem {
  message: string;
  path: string;
}

/**
 * A problem as the server words it (plugins/subscribers/server/csv-import.ts, in English), in the
 * console's language: the texts that carry a row number or a length are read by their pattern,
 * the others through the catalog; one it does not know stays as it came.
 */
export function problemText(message: string): string {
  const row = /^Row (\d+): (.+)$/.exec(message);
  if (row) return t('Row {row}: {problem}', { row: row[1]!, problem: problemText(row[2]!) });
  const repeated = /^Email is repeated \(first on row (\d+)\)\.$/.exec(message);
  if (repeated) return t('Email is repeated (first on row {row}).', { row: repeated[1]! });
  const long = /^(Name|City) is longer than (\d+) characters\.$/.exec(message);
  if (long)
    return long[1] === 'Name' ? t('Name is longer than {max} characters.', { max: long[2]! }) : t('City is longer than {max} characters.', { max: long[2]! });
  const more = /^(\d+) more rows have errors\.$/.exec(message);
  if (more) return t('{count} more rows have errors.', { count: more[1]! });
  return t(message);
}

export function ImportErrorsDialog({ problems, onDismiss }: { problems: RowProblem[]; onDismiss(): void }) {
  return (
    <Dialog
      hidden={false}
      onDismiss={onDismiss}
      dialogContentProps={{
        type: DialogType.normal,
        title: t('Import Errors'),
        subText: t('Nothing was imported. Fix these rows in the file and import it again.'),
      }}
      minWidth={480}
    >
      <ul aria-label={t('Import errors')} style={{ maxHeight: 320, overflowY: 'auto', margin: 0, paddingLeft: 20 }}>
        {problems.map((problem) => (
          <li key={`${problem.path}-${problem.message}`}>
            <Text>{problemText(problem.message)}</Text>
          </li>
        ))}
      </ul>
      <DialogFooter>
        <PrimaryButton text={t('OK')} onClick={onDismiss} />
      </DialogFooter>
    </Dialog>
  );
}
