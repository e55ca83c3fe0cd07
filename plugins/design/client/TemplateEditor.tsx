/**
 * One channel template as a card (spec 002 section 2.6): its title, the 'Default' badge, its
 * channels in order, and a field to add one. Channels are reordered by dragging, or by their Move
 * up / Move down buttons for those who do not drag (keyboard, screen readers). A name used twice
 * in the template is shown in red with the rule's message (rules.ts); empty names are not added.
 * The card only reports the template as changed: saving is the page's (the channels page, the
 * wizard's channel stage).
 */
import { DefaultButton, FontIcon, IconButton, mergeStyleSets, Stack, Text, TextField, type IContextualMenuProps } from '@fluentui/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDragOrder } from '../../../core/client/drag-order';
import { theme } from '../../../core/client/theme';
import { formatNumber } from '../../../core/client/format';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import { duplicateChannels, type TemplateInput } from '../rules';

export interface TemplateMenu {
  onMakeDefault(): void;
  onRename(): void;
  onDelete(): void;
}

export interface TemplateEditorProps {
  template: TemplateInput;
  onChange(template: TemplateInput): void;
  /** The card's '...' menu (Make Default Template, Rename, Delete); none when left out. */
  menu?: TemplateMenu;
  /** Shown in place of the title (the wizard names the card itself); the badge stays. */
  heading?: ReactNode;
}

const { channelsMax, channelTitleMax } = constants.design;
/** Said when a template is full, in the console's language (call it where it is shown). */
export const channelsFullText = () => t('A template holds at most {count} channels.', { count: formatNumber(channelsMax) });

const mime = 'application/x-masthead-template-channel';

const classes = mergeStyleSets({
  card: { background: theme.palette.white, borderRadius: 8, padding: 16, boxShadow: theme.effects.elevation4 },
  badge: {
    display: 'inline-block',
    background: theme.palette.themePrimary,
    color: theme.semanticColors.primaryButtonText,
    borderRadius: 4,
    padding: '2px 8px',
    fontSize: 11,
    fontWeight: 700,
    letterSpacing: 0.4,
    lineHeight: '16px',
  },
  list: { listStyle: 'none', margin: 0, padding: 0 },
  channel: {
    display: 'flex',
    alignItems: 'center',
    gap: 8,
    padding: '2px 4px 2px 8px',
    borderRadius: 4,
    cursor: 'grab',
    selectors: { ':hover': { background: theme.palette.neutralLighter } },
  },
  over: { boxShadow: `inset 0 -2px 0 ${theme.palette.themePrimary}` },
  name: { flex: 1, minWidth: 0, overflowWrap: 'anywhere' },
  duplicate: { color: theme.semanticColors.errorText, fontWeight: 600 },
  message: { color: theme.semanticColors.errorText, fontSize: 12, padding: '0 8px 4px 30px' },
  grip: { color: theme.semanticColors.bodySubtext },
});

/** The channels with the one at `from` moved to `to`. */
function moveChannel(channels: string[], from: number, to: number): string[] {
  const moved = [...channels];
  const [name] = moved.splice(from, 1);
  if (name !== undefined) moved.splice(to, 0, name);
  return moved;
}

export function TemplateEditor({ template, onChange, menu, heading }: TemplateEditorProps) {
  const [adding, setAdding] = useState('');
  const list = useRef<HTMLOListElement>(null);
  /** After a move by button, the focus follows the channel to its new place. */
  const [focusAfterMove, setFocusAfterMove] = useState<{ index: number; direction: 'up' | 'down' } | null>(null);
  const duplicates = useMemo(() => duplicateChannels(template.channels), [template.channels]);
  const channels = template.channels;
  const full = channels.length >= channelsMax;

  useEffect(() => {
    if (!focusAfterMove) return;
    const item = list.current?.querySelector(`[data-index="${focusAfterMove.index}"]`);
    const button =
      item?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.direction}"]:not([disabled])`) ??
      item?.querySelector<HTMLButtonElement>('[data-move]:not([disabled])');
    button?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const setChannels = (next: string[]) => onChange({ ...template, channels: next });
  const move = (from: number, to: number) => {
    if (to < 0 || to >= channels.length || to === from) return;
    setChannels(moveChannel(channels, from, to));
  };
  const add = () => {
    const name = adding.trim();
    // An empty name is not a channel (spec 002 section 5).
    if (!name || full) return;
    setChannels([...channels, name]);
    setAdding('');
  };

  // A channel dragged from another template's card stays where it was.
  const drag = useDragOrder(mime, move);

  const menuProps: IContextualMenuProps | undefined = menu
    ? {
        items: [
          {
            key: 'default',
            text: t('Make Default Template'),
            iconProps: { iconName: 'FavoriteStar' },
            disabled: template.default === true,
            onClick: () => void menu.onMakeDefault(),
          },
          { key: 'rename', text: t('Rename'), iconProps: { iconName: 'Rename' }, onClick: () => void menu.onRename() },
          { key: 'delete', text: t('Delete'), iconProps: { iconName: 'Delete' }, onClick: () => void menu.onDelete() },
        ],
      }
    : undefined;

  return (
    <section className={classes.card} aria-label={template.title} data-testid="channel-template">
      <Stack tokens={{ childrenGap: 12 }}>
        <Stack horizontal verticalAlign="center" horizontalAlign="space-between" tokens={{ childrenGap: 8 }}>
          <Stack horizontal verticalAlign="center" wrap tokens={{ childrenGap: 8 }} styles={{ root: { flex: 1, minWidth: 0 } }}>
            {heading ?? (
              <Text as="h2" variant="large" styles={{ root: { margin: 0, fontWeight: 600, overflowWrap: 'anywhere' } }}>
                {template.title}
              </Text>
            )}
            {template.default ? <span className={classes.badge}>{t('Default')}</span> : null}
          </Stack>
          {menuProps ? (
            <IconButton
              iconProps={{ iconName: 'More' }}
              title={t('Template actions')}
              ariaLabel={t('Actions for {title}', { title: template.title })}
              menuProps={menuProps}
              onRenderMenuIcon={() => null}
            />
          ) : null}
        </Stack>

        <ol ref={list} className={classes.list} aria-label={t('Channels of {title}', { title: template.title })} onDragEnd={drag.onDragEnd}>
          {channels.map((name, index) => {
            const duplicate = duplicates.has(name);
            return (
              // Names may repeat (shown red until fixed): the place is the key.
              <li key={`${index}:${name}`} data-index={index} data-testid="template-channel">
                <div className={`${classes.channel} ${drag.over === index ? classes.over : ''}`} {...drag.rowProps(index)}>
                  <FontIcon iconName="GripperDotsVertical" aria-hidden className={classes.grip} />
                  <Text className={`${classes.name} ${duplicate ? classes.duplicate : ''}`} data-testid="channel-name" data-duplicate={duplicate || undefined}>
                    {name}
                  </Text>
                  <IconButton
                    iconProps={{ iconName: 'Up' }}
                    title={t('Move up')}
                    ariaLabel={t('Move {name} up', { name })}
                    data-move="up"
                    disabled={index === 0}
                    onClick={() => {
                      move(index, index - 1);
                      setFocusAfterMove({ index: index - 1, direction: 'up' });
                    }}
                  />
                  <IconButton
                    iconProps={{ iconName: 'Down' }}
                    title={t('Move down')}
                    ariaLabel={t('Move {name} down', { name })}
                    data-move="down"
                    disabled={index === channels.length - 1}
                    onClick={() => {
                      move(index, index + 1);
                      setFocusAfterMove({ index: index + 1, direction: 'down' });
                    }}
                  />
                  <IconButton
                    iconProps={{ iconName: 'Cancel' }}
                    title={t('Delete channel')}
                    ariaLabel={t('Delete {name}', { name })}
                    onClick={() => setChannels(channels.filter((_, at) => at !== index))}
                  />
                </div>
                {duplicate ? <div className={classes.message}>{t('{name} is not unique.', { name })}</div> : null}
              </li>
            );
          })}
        </ol>

        <Stack horizontal verticalAlign="start" tokens={{ childrenGap: 8 }}>
          <TextField
            ariaLabel={t('New channel in {title}', { title: template.title })}
            placeholder={t('Add a channel')}
            value={adding}
            maxLength={channelTitleMax}
            disabled={full}
            description={full ? channelsFullText() : undefined}
            onChange={(_event, text) => setAdding(text ?? '')}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              add();
            }}
            styles={{ root: { flex: 1 } }}
          />
          <DefaultButton text={t('ADD')} iconProps={{ iconName: 'Add' }} disabled={full || !adding.trim()} onClick={add} />
        </Stack>
      </Stack>
    </section>
  );
}
