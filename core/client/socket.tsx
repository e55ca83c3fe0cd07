/**
 * The socket manager: one socket.io connection per signed-in console. It authenticates with the
 * stored token, and again whenever the token changes, trying every 1.5 s until the server says
 * 'authenticated'. Editors read the connection status and grey themselves out with 'Connecting to
 * the server...'.
 */
import { Overlay, Spinner, SpinnerSize } from '@fluentui/react';
import { atom, useAtomValue } from 'jotai';
import { io, type Socket } from 'socket.io-client';
import { constants } from '../shared/config';
import type { Endpoint, ResultOf } from '../shared/endpoints';
import { call, type InputArgument } from './api';
import { store, tokenAtom } from './stores';
import { t } from './words';

export type ConnectionStatus = 'offline' | 'connecting' | 'authenticated';
export const connectionStatusAtom = atom<ConnectionStatus>('offline');

let socket: Socket | undefined;
let retry: ReturnType<typeof setInterval> | undefined;
let unwatchToken: (() => void) | undefined;

function authenticate() {
  const token = store.get(tokenAtom);
  if (socket?.connected && token) socket.emit('authenticate', { token });
}

export function startSocket(): Socket {
  if (socket) return socket;
  socket = io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    reconnectionDelay: constants.debounces.socketRetryMs,
    reconnectionDelayMax: constants.debounces.socketRetryMs * 4,
  });
  store.set(connectionStatusAtom, 'connecting');
  const keepTrying = () => {
    clearInterval(retry);
    authenticate();
    retry = setInterval(authenticate, constants.debounces.socketRetryMs);
  };
  socket.on('connect', keepTrying);
  // A new token is a new sign-in for the socket too (an admin's chosen publisher, a password
  // changed here): the rooms the console joins next are joined under it, not under the old one.
  unwatchToken = store.sub(tokenAtom, () => {
    if (!socket?.connected || !store.get(tokenAtom)) return;
    store.set(connectionStatusAtom, 'connecting');
    keepTrying();
  });
  socket.on('authenticated', () => {
    clearInterval(retry);
    store.set(connectionStatusAtom, 'authenticated');
  });
  // The spec: an unauthorized event is only logged; the retry goes on.
  socket.on('unauthorized', (reason: unknown) => console.warn('socket unauthorized', reason));
  socket.on('disconnect', (reason) => {
    clearInterval(retry);
    store.set(connectionStatusAtom, 'connecting');
    // The server closes the sockets of a session that ended (a password changed here gave this
    // console a new token); socket.io leaves reconnecting after that to us.
    if (reason === 'io server disconnect') setTimeout(() => socket?.connect(), constants.debounces.socketRetryMs);
  });
  return socket;
}

export function stopSocket(): void {
  clearInterval(retry);
  unwatchToken?.();
  unwatchToken = undefined;
  socket?.disconnect();
  socket = undefined;
  store.set(connectionStatusAtom, 'offline');
}

/** The socket, for plugins' live features (story and issue rooms). */
export function currentSocket(): Socket | undefined {
  return socket;
}

/**
 * A call that changes something live (a story, an issue), naming this console's socket: the
 * server's announcement of the change then reaches this console as its own, not applied twice.
 */
export function callAsThisConsole<E extends Endpoint>(endpoint: E, ...[input]: InputArgument<E>): Promise<ResultOf<E>> {
  const id = socket?.id;
  return call(endpoint, ...([{ ...input, headers: id ? { 'x-socket-id': id } : {} }] as InputArgument<E>));
}

export function useConnectionStatus(): ConnectionStatus {
  return useAtomValue(connectionStatusAtom);
}

/** Greys out its area while the socket is not authenticated. */
export function ConnectionOverlay() {
  const status = useConnectionStatus();
  if (status === 'authenticated') return null;
  return (
    <Overlay styles={{ root: { display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'rgba(255,255,255,.7)', zIndex: 10 } }}>
      <Spinner size={SpinnerSize.large} label={t('Connecting to the server...')} />
    </Overlay>
  );
}
