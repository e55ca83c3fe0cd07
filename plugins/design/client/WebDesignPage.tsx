/**
 * /newsletters/show/:newsletterId/web-design (spec 002 sections 2.8 and 9): the cover of the
 * newsletter's landing page /n/{key}, saved constants.debounces.coverAutosaveMs after it changes,
 * and a link to see the page as readers do.
 */
import { DefaultButton, Link, Spinner, Stack, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { handleError } from '../../../core/client/errors';
import { ImageField } from '../../../core/client/ImageField';
import { PageHeader } from '../../../core/client/page-parts';
import { theme } from '../../../core/client/theme';
import { constants } from '../../../core/shared/config';
import { SaveStatus, useAutosave } from './autosave';
import { designApi } from './design-api';

const { cover } = constants.design;
export const coverGuidance = `Recommended size ${cover.width}x${cover.height} px`;
/** The cover's thumbnail keeps the cover's proportions. */
const thumbWidth = 360;
const thumbHeight = Math.round((thumbWidth * cover.height) / cover.width);

interface WebDesign {
  cover: string;
}

export default function WebDesignPage() {
  const { newsletterId } = useParams<{ newsletterId: string }>();
  return <WebDesignEditor key={newsletterId} newsletterId={newsletterId} />;
}

function WebDesignEditor({ newsletterId }: { newsletterId: string }) {
  const [design, setDesign] = useState<WebDesign | null>(null);
  const [key, setKey] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([designApi.webDesign(newsletterId), designApi.newsletter(newsletterId)]).then(
      ([web, newsletter]) => {
        if (!live) return;
        setDesign({ cover: web.body.cover });
        setKey(newsletter.key);
      },
      (error: unknown) => (live ? handleError(error) : undefined),
    );
    return () => {
      live = false;
    };
  }, [newsletterId]);

  const state = useAutosave({
    value: design,
    delayMs: constants.debounces.coverAutosaveMs,
    save: async (edited) => ({ cover: (await designApi.saveWebDesign(newsletterId, edited.cover)).cover }),
    onSaved: (stored, sent) => setDesign((current) => (current === sent ? stored : current)),
  });

  if (!design || key === null) return <Spinner label="Loading..." style={{ marginTop: 48 }} />;

  const landingPage = `/n/${encodeURIComponent(key)}`;
  return (
    <Stack tokens={{ childrenGap: 20 }} style={{ maxWidth: 760 }}>
      <PageHeader title="Web Design">
        <SaveStatus state={state} />
        <Link href={landingPage} target="_blank" rel="noopener noreferrer">
          View landing page
        </Link>
      </PageHeader>
      <section aria-label="Landing page" style={{ background: theme.palette.white, borderRadius: 8, boxShadow: theme.effects.elevation4, padding: 24 }}>
        <Stack tokens={{ childrenGap: 12 }}>
          <ImageField
            label="Landing page cover"
            value={design.cover}
            onChange={(path) => setDesign({ cover: path })}
            recommendedSize={`${cover.width} x ${cover.height} px`}
            width={thumbWidth}
            height={thumbHeight}
          />
          <Text variant="small" styles={{ root: { color: theme.semanticColors.bodySubtext } }}>
            {coverGuidance}
          </Text>
          {/* Without a cover, the landing page shows the newsletter's colour. */}
          {design.cover ? <DefaultButton text="Remove cover" onClick={() => setDesign({ cover: '' })} styles={{ root: { alignSelf: 'flex-start' } }} /> : null}
        </Stack>
      </section>
    </Stack>
  );
}
