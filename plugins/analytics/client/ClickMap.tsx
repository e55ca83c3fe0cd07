/**
 * The click map of an issue or a story (spec 002 section 2.9): the rendered content with badges
 * beside each link (total, subscribers, IPs), the links of the e-mail that are not in the content
 * below it, and the share of clicks by link scanners, which none of the badges count: the content's
 * one machine share (its results', issue 55), given by the page.
 */
import { Text } from '@fluentui/react';
import { useMemo } from 'react';
import { useConsoleLang } from '../../../core/client/format';
import { t } from '../../../core/client/words';
import { filterEvents, renderedContent, type ClickMapRow } from './analytics-api';
import { badgeTexts, markLinks } from './click-map';
import { failedText, Note, NotReady, Panel, Waiting } from './ChartPanel';
import { useQueued } from './fetch-queue';

/** The panel's title, in English (shown through `t`). */
export const clickMapTitle = 'CLICK MAP';

export function ClickMap({ type, id, machines }: { type: 'issue' | 'story'; id: string; machines: string | null | undefined }) {
  const state = useQueued(async (next) => {
    const [html, rows] = await Promise.all([
      next(() => renderedContent(type, id)),
      next(() => filterEvents<ClickMapRow>({ type: 'clickmap', contentIds: [id], contentTypes: [type] })),
    ]);
    return { html, rows };
  }, `click-map|${type}|${id}`);
  // The badges are written in the console's language: again when it changes.
  const lang = useConsoleLang();
  const marked = useMemo(() => (state.status === 'ready' ? markLinks(state.data.html, state.data.rows, lang) : null), [state, lang]);
  const title = t(clickMapTitle);

  let body;
  if (state.status === 'waiting') body = <Waiting label={title} height={320} />;
  else if (state.status === 'failed') body = <NotReady reason={failedText} />;
  else if (!marked || state.data.rows.length === 0)
    body = (
      <NotReady
        reason={
          type === 'issue'
            ? t('No link of this issue has been counted yet: its links are counted once it goes out by e-mail.')
            : t('No link of this story has been counted yet: its links are counted once it goes out by e-mail.')
        }
      />
    );
  else {
    body = (
      <>
        {machines ? <Note>{machines}</Note> : null}
        <div className="analytics-click-map" data-testid="click-map-content" dangerouslySetInnerHTML={{ __html: marked.html }} />
        {marked.elsewhere.length > 0 ? (
          <>
            <Text as="h3" variant="medium" className="analytics-panel-title">
              {t('Other links in the e-mail')}
            </Text>
            <ul className="analytics-other-links">
              {marked.elsewhere.map((row) => (
                <li key={row.position}>
                  <span className="analytics-other-url">{row.url}</span>
                  <span className="analytics-badges">
                    {badgeTexts(row, lang).map((text) => (
                      <span key={text} className="analytics-badge">
                        {text}
                      </span>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </>
    );
  }
  return (
    <Panel title={title} wide>
      {body}
    </Panel>
  );
}
