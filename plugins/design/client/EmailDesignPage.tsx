/**
 * /newsletters/show/:newsletterId/email-design (spec 002 sections 2.7 and 4): the e-mail design's
 * form with the real e-mail beside it, light or dark. Edits are saved once the page is quiet; a
 * design the schema refuses (a colour that is not #rrggbb) is neither saved nor previewed: the
 * field says why, and the preview keeps showing the last valid design.
 */
import { Spinner, Stack } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { handleError } from '../../../core/client/errors';
import { PageHeader } from '../../../core/client/page-parts';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import { SaveStatus, useAutosave } from './autosave';
import { designApi, type EmailDesign, type EmailFont } from './design-api';
import { checkEmailDesign, EmailDesignForm } from './EmailDesignForm';
import { DesignBesidePreview } from './DesignBesidePreview';
import { EmailPreview } from './EmailPreview';

/** The preview stays in view while the form scrolls: just under the top bar. */
const stickyTop = constants.layout.topBarHeight + 16;
export default function EmailDesignPage() {
  const { newsletterId } = useParams<{ newsletterId: string }>();
  return <EmailDesignEditor key={newsletterId} newsletterId={newsletterId} />;
}

function EmailDesignEditor({ newsletterId }: { newsletterId: string }) {
  const [design, setDesign] = useState<EmailDesign | null>(null);
  const [fonts, setFonts] = useState<EmailFont[]>([]);

  useEffect(() => {
    let live = true;
    designApi.emailDesign(newsletterId).then(
      ({ body, data }) => {
        if (!live) return;
        setDesign(body);
        setFonts(data.fonts);
      },
      (error: unknown) => (live ? handleError(error) : undefined),
    );
    return () => {
      live = false;
    };
  }, [newsletterId]);

  const valid = design !== null && checkEmailDesign(structuredClone(design)).ok;

  const state = useAutosave({
    value: design,
    delayMs: constants.design.saveDebounceMs,
    blocked: !valid,
    save: (edited) => designApi.saveEmailDesign(newsletterId, edited),
    onSaved: (stored, sent) => setDesign((current) => (current === sent ? stored : current)),
  });

  if (!design) return <Spinner label={t('Loading...')} style={{ marginTop: 48 }} />;

  return (
    <Stack tokens={{ childrenGap: 20 }}>
      <PageHeader title={t('Email Design')}>
        <SaveStatus state={state} />
      </PageHeader>
      <DesignBesidePreview
        stickyTop={stickyTop}
        form={<EmailDesignForm value={design} fonts={fonts} onChange={setDesign} />}
        preview={<EmailPreview newsletterId={newsletterId} design={design} />}
      />
    </Stack>
  );
}
