/**
 * What the server tells a user's consoles when a chunk they asked to be spoken is done (its audio
 * kept, or its failure), declared once for both sides: a console that stopped waiting for the
 * answer of GET /chunks/generate (its request gave up first) still learns the chunk's state.
 */
import { roomEvent, userRoom } from '../../core/shared/events';

/** `chunkId`: the chunk whose speaking ended; the console asks for it (GET /chunks/list/{id}). */
export interface SpeechChunkMessage {
  chunkId: string;
}

export const speechChunkEvent = roomEvent<SpeechChunkMessage>(userRoom, 'speech-chunk');
