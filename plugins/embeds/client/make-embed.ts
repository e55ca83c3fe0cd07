/** The editor's embed of an address, made by the embed service's declared call (endpoints.ts). */
import { call } from '../../../core/client/api';
import type { MakeEmbed } from '../../../core/client/refs';
import { embedTargetOf, storedEmbedOf, type EmbedShown } from '../../../core/shared/embeds';
import type { EmbedGenerateBody } from '../../../schemas/generated/api/embed-generate';
import { embedEndpoints } from '../endpoints';

/** Makes the picture of an address: a card for our own content, a rendering of anything else (a longer time limit than the API client's: a render takes seconds). */
const makeEmbed: MakeEmbed = async (address, id) => {
  const target = embedTargetOf(address, window.location.origin);
  const frame: EmbedGenerateBody['frame'] =
    target?.kind === 'product' ? { kind: 'card', product: target.product, key: target.key } : { kind: 'url', url: address };
  const { data } = await call(embedEndpoints.generate, { body: { frame }, timeout: 60_000 });
  const shown: EmbedShown = target?.kind ?? 'page';
  return storedEmbedOf(data, id, shown, target?.url ?? address);
};

export default makeEmbed;
