/**
 * The e-mail design form with the real e-mail beside it (the design page, the wizard's last stage):
 * side by side where the screen holds both, the preview scaled down to fit, else below the form;
 * the preview stays in view while the long form scrolls.
 */
import type { ReactNode } from 'react';
import { previewFrameWidth } from './EmailPreview';

/** The form's narrowest: a colour beside its Dark variant, in a card. */
const formMinWidth = 472;
const formMaxWidth = 640;
/** The preview's narrowest before it goes below the form (it is scaled down to fit). */
const previewMinWidth = 400;
/** Space left over goes mostly to the preview, until it has the e-mail's own width. */
const previewGrowth = 4;

export function DesignBesidePreview({ form, preview, stickyTop }: { form: ReactNode; preview: ReactNode; stickyTop: number }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 20 }}>
      <div style={{ flex: `1 1 ${formMinWidth}px`, minWidth: 0, maxWidth: formMaxWidth }}>{form}</div>
      <div style={{ flex: `${previewGrowth} 1 ${previewMinWidth}px`, minWidth: 0, maxWidth: previewFrameWidth, position: 'sticky', top: stickyTop }}>
        {preview}
      </div>
    </div>
  );
}
