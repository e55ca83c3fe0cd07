/** Dialogs that plugins add to the profile menu and the beta banner, opened by id. */
import { atom, useAtom } from 'jotai';
import { Suspense } from 'react';
import { registry } from '../registry';

export const openDialogAtom = atom<string | null>(null);

export function DialogHost() {
  const [open, setOpen] = useAtom(openDialogAtom);
  const action = registry.profileActions.find((candidate) => candidate.id === open);
  if (!action) return null;
  const Dialog = action.dialog;
  return (
    <Suspense fallback={null}>
      <Dialog onDismiss={() => setOpen(null)} />
    </Suspense>
  );
}
