/**
 * The push adapter: what the app's subscribers receive as a notification when a story or an
 * issue is sent as one. No provider is configured by default, so each notification is a JSON file
 * in DATA_DIR/push-outbox (newest last by name) that operators and tests can read; a provider
 * adapter implements the same `send`.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { clock } from '../clock';
import { readCaptured, writeCaptured } from './captured-files';

export interface PushMessage {
  /** Who receives it: the subscribers of a topic (a newsletter's key). */
  topic: string;
  title: string;
  body: string;
  /** Where tapping it leads. */
  url: string;
  /** Only these subscribers (ids) of the topic, when given: an issue's batch of recipients. */
  to?: string[];
}

export interface PushOutboxEntry extends PushMessage {
  id: string;
  date: string;
}

export interface PushSender {
  kind: 'outbox';
  send(message: PushMessage): Promise<void>;
}

export function pushOutboxDir(dataDir: string): string {
  return join(dataDir, 'push-outbox');
}

export function createPushSender(options: { dataDir: string }): PushSender {
  const dir = pushOutboxDir(options.dataDir);
  return {
    kind: 'outbox',
    async send(message) {
      mkdirSync(dir, { recursive: true });
      const entry: PushOutboxEntry = { id: randomUUID(), date: clock.now().toISOString(), ...message };
      writeCaptured(dir, entry, 2);
    },
  };
}

/** The notifications sent, newest first. */
export function readPushOutbox(dataDir: string): PushOutboxEntry[] {
  return readCaptured<PushOutboxEntry>(pushOutboxDir(dataDir));
}
