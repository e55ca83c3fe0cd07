/**
 * Toasts: the way the console tells the user what happened (a success, or an error's text), in the
 * console's language: a toast is given its English text and shown through `t` (server-text.ts).
 */
import { IconButton, MessageBar, MessageBarType, Stack } from '@fluentui/react';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { getDefaultStore } from 'jotai';
import { useEffect } from 'react';
import { constants } from '../shared/config';
import { serverText } from './server-text';
import { t } from './words';

export interface Toast {
  id: number;
  kind: 'success' | 'error' | 'info';
  title: string;
  text?: string;
}

const toastsAtom = atom<Toast[]>([]);
let nextId = 1;

/**
 * Shows a toast from anywhere (event handlers, the error handler). The same message again (a
 * button pressed twice) does not stack a copy: the one shown moves last and its time starts over.
 */
export function toast(kind: Toast['kind'], title: string, text?: string): void {
  const store = getDefaultStore();
  const same = (other: Toast) => other.kind === kind && other.title === title && other.text === text;
  store.set(toastsAtom, (toasts) => [...toasts.filter((other) => !same(other)).slice(-3), { id: nextId++, kind, title, text }]);
}

const types = { success: MessageBarType.success, error: MessageBarType.error, info: MessageBarType.info };

function ToastItem({ item }: { item: Toast }) {
  const setToasts = useSetAtom(toastsAtom);
  const dismiss = () => setToasts((toasts) => toasts.filter((other) => other.id !== item.id));
  useEffect(() => {
    const timer = setTimeout(dismiss, item.kind === 'error' ? 7000 : 4000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per toast; dismiss is new each render
  }, [item.id]);
  return (
    <MessageBar
      messageBarType={types[item.kind]}
      isMultiline
      role={item.kind === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      actions={<IconButton iconProps={{ iconName: 'Cancel' }} ariaLabel={t('Close')} onClick={dismiss} />}
      styles={{ root: { boxShadow: '0 6px 16px rgba(0,0,0,.14)', borderRadius: 4, minWidth: 320, maxWidth: 440 } }}
    >
      {/* In the console's language: the words are the catalog's where it has them (a server's text too, also one that carries a value). */}
      <b>{serverText(item.title)}</b>
      {item.text ? <div>{serverText(item.text)}</div> : null}
    </MessageBar>
  );
}

export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  return (
    // Below the top bar, so a toast never covers SAVE or the profile menu.
    <Stack tokens={{ childrenGap: 8 }} style={{ position: 'fixed', top: constants.layout.topBarHeight + 12, right: 16, zIndex: 1000010 }}>
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </Stack>
  );
}
