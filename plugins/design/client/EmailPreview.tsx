/**
 * The real e-mail in a design (spec 002 sections 2.7 and 4): the server renders the newsletter's
 * latest issue (or a sample) in `design`, light or dark, and the frame shows it without running
 * anything in it. A change of design is rendered again once it has been quiet for
 * constants.design.previewDebounceMs, the light/dark switch at once; the frame keeps the last
 * rendering (dimmed under a progress bar) while the next one is made. Its size is measured against
 * Gmail's clipping limit. The e-mail is laid out at its own width and scaled down where the place
 * is narrower. A design with a field half typed (a colour that is not #rrggbb yet) is not sent: the
 * preview keeps the last valid one, and the form says what is wrong.
 */
import { ProgressIndicator, Spinner, Stack, Toggle } from '@fluentui/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { handleError } from '../../../core/client/errors';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import { EmailSize } from '../../issues/client/public';
import { designApi, type EmailDesign } from './design-api';
import { checkEmailDesign } from './EmailDesignForm';

export interface EmailPreviewProps {
  newsletterId: string;
  design: EmailDesign;
}

interface Rendered {
  html: string;
  dark: boolean;
  bytes: number;
}

/** The frame's height: a screenful of the e-mail, the rest scrolls inside it. */
const frameHeight = '70vh';
const { previewWidth } = constants.issues;
/** The frame with its border: the preview's widest. */
export const previewFrameWidth = previewWidth + 2;

/**
 * How much the frame is scaled down to fit its place: the e-mail is laid out at its own width
 * (its columns wrap as in a mail client), then shown smaller where the screen is narrower.
 */
function useFitScale(box: RefObject<HTMLDivElement | null>): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const available = entry?.contentRect.width ?? 0;
      // Not laid out (hidden): nothing to fit.
      if (available > 0) setScale(Math.min(1, available / previewFrameWidth));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return scale;
}

export function EmailPreview({ newsletterId, design }: EmailPreviewProps) {
  const [dark, setDark] = useState(false);
  const [rendered, setRendered] = useState<Rendered | null>(null);
  const [rendering, setRendering] = useState(true);
  const [shown, setShown] = useState(design);
  const valid = checkEmailDesign(structuredClone(design)).ok;
  useEffect(() => {
    if (valid) setShown(design);
  }, [valid, design]);
  const designJson = JSON.stringify(shown);
  /** The design last asked for: a new one waits for the quiet, the same one (the switch) does not. */
  const asked = useRef<string | null>(null);
  /** Only the newest request's answer is shown: a slow older one never replaces it. */
  const latest = useRef(0);
  const box = useRef<HTMLDivElement>(null);
  const scale = useFitScale(box);

  useEffect(() => {
    const request = ++latest.current;
    const designChanged = asked.current !== null && asked.current !== designJson;
    const wait = designChanged ? constants.design.previewDebounceMs : 0;
    setRendering(true);
    const timer = setTimeout(() => {
      asked.current = designJson;
      designApi.preview(newsletterId, JSON.parse(designJson) as EmailDesign, dark).then(
        (html) => {
          if (request !== latest.current) return;
          setRendered({ html, dark, bytes: new TextEncoder().encode(html).length });
          setRendering(false);
        },
        async (error: unknown) => {
          if (request === latest.current) setRendering(false);
          await handleError(error);
        },
      );
    }, wait);
    return () => clearTimeout(timer);
  }, [newsletterId, designJson, dark]);

  const frameTitle = rendered?.dark ? t('E-mail preview (dark)') : t('E-mail preview');
  return (
    <Stack tokens={{ childrenGap: 8 }} styles={{ root: { width: '100%', maxWidth: previewFrameWidth } }}>
      <Toggle label={t('Dark mode')} inlineLabel checked={dark} onChange={(_event, on) => setDark(Boolean(on))} styles={{ root: { margin: 0 } }} />
      <div
        ref={box}
        aria-busy={rendering}
        data-testid="email-preview"
        data-state={rendering ? 'rendering' : 'ready'}
        style={{ position: 'relative', height: frameHeight, overflow: 'hidden' }}
      >
        {rendering && rendered ? (
          <ProgressIndicator
            ariaLabel={t('Rendering the preview')}
            styles={{ root: { position: 'absolute', top: -8, left: 0, right: 0 }, itemProgress: { padding: 0 } }}
          />
        ) : null}
        {rendered ? (
          <iframe
            title={frameTitle}
            // Nothing in the e-mail runs: no scripts, no forms, no navigation of the console.
            sandbox=""
            srcDoc={rendered.html}
            style={{
              display: 'block',
              width: previewWidth,
              // As tall as the box once scaled down.
              height: `calc(${frameHeight} / ${scale})`,
              transform: `scale(${scale})`,
              transformOrigin: '0 0',
              border: `1px solid ${theme.palette.neutralLight}`,
              borderRadius: 4,
              background: theme.palette.white,
              opacity: rendering ? 0.6 : 1,
              transition: 'opacity .15s',
            }}
          />
        ) : (
          <Spinner label={t('Rendering the preview...')} styles={{ root: { height: '100%' } }} />
        )}
      </div>
      {rendered ? <EmailSize bytes={rendered.bytes} clipped={rendered.bytes > constants.issues.emailClipBytes} /> : null}
    </Stack>
  );
}
