/**
 * A link pasted alone that is an embed (a YouTube video, a Spotify item, a post on Twitter, one of
 * our own public pages) becomes one: a placeholder at once, the picture when the embed service
 * has made it (`make`, the call a plugin provides for `makeEmbedRef`), or the plain link and the spec's
 * toast when it could not (spec 002 section 8). Any other paste is CKEditor's.
 */
import type { ClipboardInputTransformationEvent, Editor } from 'ckeditor5';
import { embedTargetOf, newEmbedId } from '../../shared/embeds';
import { toast } from '../toasts';
import type { MakeEmbed } from '../refs';
import { insertPendingEmbed, resolvePendingEmbed } from './embed';
import { embedFailedText } from './InsertDialogs';

export function embedPastedLinks(editor: Editor, make: MakeEmbed): void {
  if (!editor.plugins.has('ClipboardPipeline')) return;
  editor.plugins.get('ClipboardPipeline').on<ClipboardInputTransformationEvent>(
    'inputTransformation',
    (event, data) => {
      const text = data.dataTransfer.getData('text/plain').trim();
      if (!text || /\s/.test(text) || !embedTargetOf(text, window.location.origin)) return;
      event.stop();
      const id = newEmbedId();
      insertPendingEmbed(editor, id, text);
      make(text, id).then(
        (made) => resolvePendingEmbed(editor, id, made),
        () => {
          toast('error', 'Error!', embedFailedText);
          resolvePendingEmbed(editor, id, null);
        },
      );
    },
    { priority: 'high' },
  );
}
