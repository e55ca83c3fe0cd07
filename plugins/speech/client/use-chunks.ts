/**
 * What can be done to the chunks of an audio (spec 002 sections 2.4 and 4): edits saved
 * constants.speech.chunkAutosaveMs after the last change (a failed save keeps the edit, says
 * 'Not Saved' and tries again), speech generated per chunk with its neighbours as context or for
 * every draft chunk at most constants.speech.generateAtOnce at a time, and blank chunks put in.
 * A chunk's state is the server's: when GENERATE's request ends without an answer, the chunk is
 * read back, and one still being spoken is followed until the server's 'speech-chunk' event.
 */
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { handleError } from '../../../core/client/errors';
import { currentSocket, useConnectionStatus } from '../../../core/client/socket';
import { userAtom } from '../../../core/client/stores';
import { toast } from '../../../core/client/toasts';
import { constants } from '../../../core/shared/config';
import { listen } from '../../../core/shared/events';
import { speechChunkEvent } from '../events';
import { cleanChunkText, speechMessages } from '../rules';
import { ownerOf, saveAudioParts, speechApi, type Audio, type Chunk, type VoiceParameters } from './speech-api';
import { reportFailure } from './speech-errors';
import { speechTexts } from './speech-texts';
import { eachAtMost } from './speech-parts';

export type ChunkChange = Partial<{ text: string; parameters: VoiceParameters }>;
export type SaveState = 'pending' | 'saving' | 'saved' | 'failed';

interface Pending {
  change: ChunkChange;
  timer?: ReturnType<typeof setTimeout>;
  failures: number;
}

/**
 * The audio with one part replaced by what the server answered; any change makes a built audio a
 * draft again. `read`: only read back (nothing was asked of it), so the audio stays as it was
 * unless the part's speech changed.
 */
function withPart(audio: Audio | null, chunk: Chunk, { read = false } = {}): Audio | null {
  if (!audio) return audio;
  const before = audio.parts.find((part) => part.id === chunk.id);
  if (!before) return audio;
  const parts = audio.parts.map((part) => (part === before ? { ...part, ...chunk, versions: chunk.versions ?? part.versions } : part));
  return { ...audio, parts, status: read && before.url === chunk.url ? audio.status : 'draft' };
}

/** Whether a chunk the server no longer speaks has its audio and no failure. */
const spoken = (chunk: Chunk) => !chunk.generating && Boolean(chunk.url) && !chunk.error;

export interface ChunkActions {
  saveStates: Record<string, SaveState>;
  generating: ReadonlySet<string>;
  generatingAll: boolean;
  inserting: boolean;
  change(id: string, change: ChunkChange): void;
  /** Saves a chunk's waiting edit now (before it is spoken); resolves when it is stored. */
  flush(id: string): Promise<void>;
  generate(id: string): Promise<void>;
  generateAll(): Promise<void>;
  /** Puts a blank chunk at `position` of the parts (0 before the first). */
  insertBlank(position: number, voice: { voice_id?: string; parameters: VoiceParameters }): Promise<void>;
}

export function useChunkActions(audio: Audio | null, setAudio: Dispatch<SetStateAction<Audio | null>>): ChunkActions {
  const latest = useRef(audio);
  latest.current = audio;
  const pending = useRef(new Map<string, Pending>());
  const saving = useRef(new Map<string, Promise<void>>());
  const [saveStates, setSaveStates] = useState<Record<string, SaveState>>({});
  const [generating, setGenerating] = useState<ReadonlySet<string>>(new Set());
  const [generatingAll, setGeneratingAll] = useState(false);
  const [inserting, setInserting] = useState(false);
  // The chunks whose GENERATE is waiting for its answer, and those whose request ended without
  // one while the server still speaks them: these stay 'Generating...' until its event says done.
  const asking = useRef(new Set<string>());
  const following = useRef(new Set<string>());

  const setSaveState = (id: string, state: SaveState) => setSaveStates((states) => ({ ...states, [id]: state }));

  const save = useCallback(
    async (id: string): Promise<void> => {
      const entry = pending.current.get(id);
      if (!entry) return;
      clearTimeout(entry.timer);
      pending.current.delete(id);
      setSaveState(id, 'saving');
      const { text, parameters } = entry.change;
      const run = (async () => {
        try {
          const chunk = await speechApi.updateChunk(id, {
            ...(text !== undefined ? { text: cleanChunkText(text) } : {}),
            ...(parameters ? { parameters } : {}),
          });
          setAudio((current) => withPart(current, chunk));
          setSaveState(id, pending.current.has(id) ? 'pending' : 'saved');
        } catch (error) {
          // The edit is kept: what was typed since goes over it, and the whole is tried again.
          const newer = pending.current.get(id);
          const kept: Pending = { change: { ...entry.change, ...newer?.change }, failures: entry.failures + 1 };
          clearTimeout(newer?.timer);
          kept.timer = setTimeout(() => void save(id), constants.speech.chunkAutosaveMs);
          pending.current.set(id, kept);
          setSaveState(id, 'failed');
          if (entry.failures === 0) await handleError(error);
        }
      })();
      saving.current.set(id, run);
      await run;
      if (saving.current.get(id) === run) saving.current.delete(id);
    },
    [setAudio],
  );

  const change = useCallback(
    (id: string, next: ChunkChange) => {
      const entry = pending.current.get(id) ?? { change: {}, failures: 0 };
      clearTimeout(entry.timer);
      entry.change = { ...entry.change, ...next };
      entry.timer = setTimeout(() => void save(id), constants.speech.chunkAutosaveMs);
      pending.current.set(id, entry);
      setSaveState(id, 'pending');
    },
    [save],
  );

  const flush = useCallback(
    async (id: string) => {
      await saving.current.get(id);
      if (pending.current.has(id)) await save(id);
      if (pending.current.has(id)) throw new Error('not saved');
    },
    [save],
  );

  // Leaving the page saves what waits.
  useEffect(() => {
    const waiting = pending.current;
    return () => {
      for (const id of [...waiting.keys()]) void save(id);
    };
  }, [save]);

  const stopGenerating = (id: string) =>
    setGenerating((ids) => {
      const rest = new Set(ids);
      rest.delete(id);
      return rest;
    });

  /**
   * Reads a chunk whose speaking ended without an answer to this console (its event, or after a
   * reconnection) and shows what the server has: its audio (READY), or its failure.
   */
  const settle = useCallback(
    async (id: string) => {
      let chunk: Chunk;
      try {
        chunk = await speechApi.fetchChunk(id);
      } catch {
        return;
      }
      if (asking.current.has(id)) return;
      setAudio((current) => withPart(current, chunk, { read: true }));
      if (chunk.generating) return;
      if (following.current.delete(id)) {
        stopGenerating(id);
        if (!spoken(chunk)) toast('error', 'Error!', speechMessages.chunkGeneration);
      }
    },
    [setAudio],
  );

  const generate = useCallback(
    async (id: string) => {
      try {
        await flush(id);
      } catch {
        return;
      }
      const parts = latest.current?.parts ?? [];
      const index = parts.findIndex((part) => part.id === id);
      asking.current.add(id);
      setGenerating((ids) => new Set(ids).add(id));
      let follow = false;
      try {
        const chunk = await speechApi.generate(id, { previous: parts[index - 1]?.id, next: parts[index + 1]?.id });
        setAudio((current) => withPart(current, chunk));
        if (!chunk.url || chunk.error) toast('error', 'Error!', speechMessages.chunkGeneration);
      } catch (error) {
        // The request ended without the chunk (it gave up, the connection broke, or the server
        // stopped waiting for its job): the job may have kept the audio, or still be speaking. The
        // screen shows the chunk as the server has it, and follows one still being spoken.
        const chunk = await speechApi.fetchChunk(id).catch(() => null);
        if (chunk) setAudio((current) => withPart(current, chunk, { read: true }));
        follow = Boolean(chunk?.generating);
        if (follow) following.current.add(id);
        else if (!chunk || !spoken(chunk)) await reportFailure(error, speechTexts.chunkGenerate(id), speechMessages.chunkGenerate(id));
      } finally {
        asking.current.delete(id);
        if (!follow) stopGenerating(id);
      }
    },
    [flush, setAudio],
  );

  // The server tells this user's consoles when a chunk's speaking ends: a chunk followed (or
  // spoken from another console) shows its audio as soon as it exists. After a reconnection, the
  // events missed are made up for by reading the chunks followed.
  const userId = useAtomValue(userAtom)?._id;
  const connection = useConnectionStatus();
  useEffect(() => {
    const socket = currentSocket();
    if (!socket || !userId) return;
    for (const id of following.current) void settle(id);
    return listen(socket, speechChunkEvent, userId, ({ chunkId }) => {
      if (asking.current.has(chunkId) || !latest.current?.parts.some((part) => part.id === chunkId)) return;
      void settle(chunkId);
    });
  }, [connection, userId, settle]);

  const generateAll = useCallback(async () => {
    const drafts = (latest.current?.parts ?? []).filter((part) => !part.url || pending.current.has(part.id));
    setGeneratingAll(true);
    try {
      await eachAtMost(drafts, constants.speech.generateAtOnce, (part) => generate(part.id));
    } finally {
      setGeneratingAll(false);
    }
  }, [generate]);

  const insertBlank = useCallback(
    async (position: number, voice: { voice_id?: string; parameters: VoiceParameters }) => {
      const current = latest.current;
      if (!current) return;
      setInserting(true);
      try {
        let chunk: Chunk;
        try {
          chunk = await speechApi.storeChunk({
            content_id: current.content_id,
            content_type: current.content_type,
            text: '',
            parameters: voice.parameters,
            ...(voice.voice_id ? { voice_id: voice.voice_id } : {}),
            index: position,
          });
        } catch (error) {
          await reportFailure(error, speechTexts.chunkStore(''));
          return;
        }
        const order = current.parts.map((part) => part.id);
        order.splice(position, 0, chunk.id);
        try {
          const saved = await saveAudioParts(current, order, ownerOf(current));
          // The answer's parts, in its order; a part it leaves out of its shape keeps what we knew of it.
          const known = new Map([...current.parts, chunk].map((part) => [part.id, part]));
          setAudio({ ...saved, parts: saved.parts.map((part) => ({ ...known.get(part.id), ...part })) });
        } catch (error) {
          await reportFailure(error, speechMessages.audioCreation);
        }
      } finally {
        setInserting(false);
      }
    },
    [setAudio],
  );

  return { saveStates, generating, generatingAll, inserting, change, flush, generate, generateAll, insertBlank };
}
