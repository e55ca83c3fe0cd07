/**
 * Article Preview (spec 001 section 2): a full-width drawer showing the article as readers will
 * see it, in the web view (730 px of content) or the mobile view (414 px). The article is shown
 * in a sandboxed frame: no script of the content can run, and the console's styles stay out.
 */
import { Panel, PanelType, Pivot, PivotItem, Stack } from '@fluentui/react';
import { useState } from 'react';
import { theme } from '../../../core/client/theme';
import { escapeHtml } from '../../../core/shared/text';
import type { DraftFields } from './story-draft';
import { t } from '../../../core/client/words';

const widths = { web: 730, mobile: 414 } as const;
const { palette } = theme;

export function previewDocument(fields: Pick<DraftFields, 'title' | 'subtitle' | 'image' | 'body'>, writer: string, newsletter: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;font-family:'Segoe UI',-apple-system,Roboto,Arial,sans-serif;color:${palette.neutralPrimary};line-height:1.7;font-size:17px}
header{padding:12px 20px;background:${palette.themePrimary};font-weight:600}
article{padding:24px 20px 48px}
img{max-width:100%;height:auto}.cover{width:100%;aspect-ratio:3/2;object-fit:cover;border-radius:8px}
h1{font-size:30px;line-height:1.2;margin:20px 0 8px}.subtitle{font-size:19px;color:${palette.neutralSecondary};margin:0 0 12px}.byline{color:${palette.neutralSecondary};font-size:14px}
</style></head><body><header>${escapeHtml(newsletter)}</header><article>
${fields.image ? `<img class="cover" src="${escapeHtml(fields.image)}" alt="">` : ''}
<h1>${escapeHtml(fields.title)}</h1><p class="subtitle">${escapeHtml(fields.subtitle)}</p><p class="byline">${escapeHtml(writer)}</p>
${fields.body}
</article></body></html>`;
}

export function StoryPreview({ fields, writer, newsletter, onDismiss }: { fields: DraftFields; writer: string; newsletter: string; onDismiss(): void }) {
  const [view, setView] = useState<keyof typeof widths>('web');
  return (
    <Panel
      isOpen
      type={PanelType.custom}
      customWidth="100%"
      headerText={t('Article Preview')}
      onDismiss={onDismiss}
      closeButtonAriaLabel={t('Close')}
      isLightDismiss
    >
      <Stack horizontalAlign="center" tokens={{ childrenGap: 16 }}>
        <Pivot selectedKey={view} onLinkClick={(item) => item && setView(item.props.itemKey as keyof typeof widths)} aria-label={t('Preview size')}>
          <PivotItem headerText={t('Web')} itemKey="web" itemIcon="Globe" />
          <PivotItem headerText={t('Mobile')} itemKey="mobile" itemIcon="CellPhone" />
        </Pivot>
        <iframe
          title={view === 'web' ? t('Web preview') : t('Mobile preview')}
          sandbox=""
          srcDoc={previewDocument(fields, writer, newsletter)}
          style={{
            width: widths[view],
            height: '75vh',
            border: `1px solid ${palette.neutralLight}`,
            borderRadius: view === 'mobile' ? 24 : 4,
            background: palette.white,
          }}
        />
      </Stack>
    </Panel>
  );
}
