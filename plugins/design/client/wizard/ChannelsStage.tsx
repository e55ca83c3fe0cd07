/**
 * Stage 4, the channels an issue starts with: example templates on one side, the newsletter's
 * default template on the other. An example's channel is added by dragging it onto the template
 * (where it is dropped) or by clicking it; an example's USE adds those of its channels the template
 * does not have yet. The template card reorders, adds and deletes (TemplateEditor) and shows a
 * name used twice in red (with its message), which keeps NEXT from going on. The stage may be skipped.
 */
import { DefaultButton, mergeStyleSets, Stack, Text } from '@fluentui/react';
import { useState, type DragEvent } from 'react';
import { theme } from '../../../../core/client/theme';
import { toast } from '../../../../core/client/toasts';
import { t } from '../../../../core/client/words';
import { constants } from '../../../../core/shared/config';
import type { NewsletterBlank } from '../design-api';
import { channelsFullText, TemplateEditor } from '../TemplateEditor';
import { StageIntro, type StageProps } from './stage-parts';
import { defaultTemplate, withDefaultTemplate } from './wizard-state';

type Example = NewsletterBlank['data']['examples'][number];

const { channelsMax } = constants.design;
/** What an example's channel carries while dragged: its name (the template card's own moves use another type). */
const exampleMime = 'application/x-masthead-example-channel';

const classes = mergeStyleSets({
  columns: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(300px, 100%), 1fr))', gap: 24, alignItems: 'start' },
  example: { background: theme.palette.neutralLighterAlt, border: `1px solid ${theme.palette.neutralLight}`, borderRadius: 8, padding: 12 },
  chips: { display: 'flex', flexWrap: 'wrap', gap: 6, listStyle: 'none', margin: 0, padding: 0 },
  chip: {
    border: `1px solid ${theme.palette.neutralTertiaryAlt}`,
    background: theme.palette.white,
    color: theme.semanticColors.bodyText,
    borderRadius: 12,
    padding: '3px 10px',
    cursor: 'grab',
    font: 'inherit',
    fontSize: theme.fonts.small.fontSize,
    selectors: { ':hover': { background: theme.semanticColors.accentTint, borderColor: theme.palette.themePrimary } },
  },
  dropZone: { borderRadius: 8, outline: '2px dashed transparent', outlineOffset: 4 },
  dropping: { outlineColor: theme.palette.themePrimary },
});

export function ChannelsStage({ draft, change, examples }: Omit<StageProps, 'errors'> & { examples: Example[] }) {
  const [dropping, setDropping] = useState(false);
  const template = defaultTemplate(draft);
  const path = `channelTemplates.${draft.channelTemplates.indexOf(template)}.channels`;

  const setChannels = (channels: string[]) => change((current) => withDefaultTemplate(current, { ...defaultTemplate(current), channels }), [path]);
  /** Adds `names` at `at` (the end by default), as many as the template still takes. */
  const addChannels = (names: string[], at = template.channels.length) => {
    const room = Math.max(0, channelsMax - template.channels.length);
    const added = names.slice(0, room);
    if (added.length < names.length) toast('error', 'Error!', channelsFullText());
    if (added.length === 0) return;
    setChannels([...template.channels.slice(0, at), ...added, ...template.channels.slice(at)]);
  };
  /** USE: the example's channels the template does not have yet (nothing typed is replaced). */
  const takeExample = (example: Example) => {
    const have = new Set(template.channels.map((name) => name.trim().toLocaleLowerCase('tr')));
    addChannels(example.channels.filter((name) => !have.has(name.trim().toLocaleLowerCase('tr'))));
  };

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(exampleMime)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDropping(true);
  };
  const onDrop = (event: DragEvent) => {
    const name = event.dataTransfer.getData(exampleMime);
    setDropping(false);
    if (!name) return;
    event.preventDefault();
    // Dropped on a channel of the card: it goes in that channel's place, else at the end.
    const target = event.target instanceof Element ? event.target.closest('[data-index]') : null;
    const index = target ? Number(target.getAttribute('data-index')) : Number.NaN;
    addChannels([name], Number.isInteger(index) ? index : undefined);
  };

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <StageIntro>
        {t(
          'Channels are the sections of every issue. Start from an example: drag its channels to your template or click them. You can skip this and add channels later.',
        )}
      </StageIntro>
      <div className={classes.columns}>
        <section aria-labelledby="wizard-examples">
          <Stack tokens={{ childrenGap: 12 }}>
            <Text as="h3" id="wizard-examples" variant="mediumPlus" styles={{ root: { fontWeight: 600, margin: 0 } }}>
              {t('Example templates')}
            </Text>
            {examples.map((example) => (
              <div key={example.title} className={classes.example}>
                <Stack tokens={{ childrenGap: 8 }}>
                  <Stack horizontal verticalAlign="center" horizontalAlign="space-between" tokens={{ childrenGap: 8 }}>
                    <Text as="h4" styles={{ root: { fontWeight: 600, margin: 0 } }}>
                      {example.title}
                    </Text>
                    <DefaultButton text={t('USE')} ariaLabel={t('Use {title}', { title: example.title })} onClick={() => takeExample(example)} />
                  </Stack>
                  <ul className={classes.chips} aria-label={t('Channels of {title}', { title: example.title })}>
                    {example.channels.map((name) => (
                      <li key={name}>
                        <button
                          type="button"
                          className={classes.chip}
                          draggable
                          aria-label={t('Add {name}', { name })}
                          onClick={() => addChannels([name])}
                          onDragStart={(event) => {
                            event.dataTransfer.setData(exampleMime, name);
                            event.dataTransfer.effectAllowed = 'copy';
                          }}
                          onDragEnd={() => setDropping(false)}
                        >
                          {name}
                        </button>
                      </li>
                    ))}
                  </ul>
                </Stack>
              </div>
            ))}
          </Stack>
        </section>
        <section aria-labelledby="wizard-your-template">
          <Stack tokens={{ childrenGap: 12 }}>
            <Text as="h3" id="wizard-your-template" variant="mediumPlus" styles={{ root: { fontWeight: 600, margin: 0 } }}>
              {t('Your template')}
            </Text>
            <div
              className={`${classes.dropZone} ${dropping ? classes.dropping : ''}`}
              data-testid="template-drop-zone"
              onDragOver={onDragOver}
              onDragLeave={(event) => {
                // Leaving for a child of the zone is not leaving it.
                if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setDropping(false);
              }}
              onDrop={onDrop}
            >
              <TemplateEditor
                template={template}
                onChange={(next) => setChannels(next.channels)}
                heading={
                  <Text as="h4" variant="large" styles={{ root: { margin: 0, fontWeight: 600 } }}>
                    {template.title}
                  </Text>
                }
              />
            </div>
          </Stack>
        </section>
      </div>
    </Stack>
  );
}
