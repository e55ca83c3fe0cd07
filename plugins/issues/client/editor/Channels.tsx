/**
 * The issue's channels with their story cards (the stories plugin's card): reading time per
 * channel in minutes ('DK'), rename (a unique title; an unchanged one just closes), delete, add,
 * stories moved up and down (stories.move) or taken out of the issue (stories.delete), and a new
 * bullet written right in a channel, shown as the spec's null entry while it is created.
 */
import {
  DefaultButton,
  IconButton,
  mergeStyleSets,
  PrimaryButton,
  Shimmer,
  Stack,
  Text,
  TextField,
  type IContextualMenuItem,
  type IContextualMenuProps,
} from '@fluentui/react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { handleError } from '../../../../core/client/errors';
import { useCan } from '../../../../core/client/permissions';
import { formatNumber, useConsoleLang } from '../../../../core/client/format';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';
import { constants } from '../../../../core/shared/config';
import { StoryCard, storyApi, storyName, type Story } from '../../../stories/client/public';
import { channelTitleTaken, stuffChannelId, titleTaken, type IssueChannel } from '../../rules';
import { storyAnchor } from '../issue-paths';
import { channelTitle, readingMinutes } from '../texts';
import { AddStoryPanel } from './AddStoryPanel';
import type { LiveIssue } from './live-issue';

const classes = mergeStyleSets({
  channel: { background: theme.palette.white, borderRadius: 8, padding: 16, boxShadow: theme.effects.elevation4 },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 16 },
  placeholder: { borderRadius: 8, padding: 16, background: theme.palette.neutralLighterAlt, minHeight: 120 },
  // The card an address points at (#story-{id}) takes the focus: it shows where the page went.
  target: { borderRadius: 8, selectors: { ':focus': { outline: `2px solid ${theme.palette.themePrimary}`, outlineOffset: 2 } } },
});

interface ChannelsProps {
  live: LiveIssue;
  newsletter: string;
  channels: IssueChannel[];
  stories: ReadonlyMap<string, Story>;
  creating: ReadonlyMap<string, number>;
  disabled: boolean;
}

const renameSettleMs = 400;

/**
 * Others' changes move the page under an open menu (a story added above it, someone entering a
 * field): the browser keeps the menu's button in view by scrolling, which must not close the menu.
 */
const keepOpen = { preventDismissOnScroll: true };
// The menus' handlers return nothing (`void live.channelOp(...)`): Fluent keeps a menu open when its item's onClick answers true.

/** A channel id made here, so the channel can be shown before the server has it (randomUUID needs a secure page). */
const newChannelId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** A new channel's title: 'New Channel' in the console's language, numbered when taken. */
function newChannelTitle(channels: IssueChannel[]): string {
  let title = t('New Channel');
  for (let n = 2; titleTaken(channels, title); n++) title = t('New Channel {number}', { number: formatNumber(n) });
  return title;
}

function BulletComposer({ onCreate, disabled }: { onCreate(text: string): Promise<void>; disabled: boolean }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = text.trim().length > constants.stories.autoCreateChars;
  const create = async () => {
    setBusy(true);
    try {
      await onCreate(text.trim());
      setText('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack horizontal tokens={{ childrenGap: 8 }} verticalAlign="end">
      <TextField
        styles={{ root: { flex: 1 } }}
        label={t('New bullet')}
        placeholder={t('Write a bullet for this channel')}
        value={text}
        disabled={disabled || busy}
        multiline
        rows={1}
        autoAdjustHeight
        onChange={(_event, value) => setText(value ?? '')}
      />
      <PrimaryButton text={t('ADD')} disabled={!ready || busy || disabled} onClick={() => void create()} />
    </Stack>
  );
}

interface StoryInChannelProps {
  live: LiveIssue;
  story: Story;
  channelId: string;
  /** The story two places up (Move Up goes after it), the next one (Move Down goes after it). */
  before: string | null;
  isFirst: boolean;
  next: string | null;
  mayMove: boolean;
  mayRemove: boolean;
  disabled: boolean;
}

/** A story's card in its channel, with Move Up, Move Down (stories.move) and Remove from issue (stories.delete). */
const StoryInChannel = memo(function StoryInChannel({ live, story, channelId, before, isFirst, next, mayMove, mayRemove, disabled }: StoryInChannelProps) {
  // Drawn again in a new language: the card is memoized, and so is its menu (written in `lang`).
  const lang = useConsoleLang();
  const menu = useMemo<IContextualMenuProps>(() => {
    const items: IContextualMenuItem[] = [];
    if (mayMove)
      items.push(
        {
          key: 'up',
          text: t('Move Up', undefined, lang),
          iconProps: { iconName: 'Up' },
          disabled: isFirst,
          onClick: () => void live.channelOp({ kind: 'move-story', storyId: story._id, channelId, afterId: before }),
        },
        {
          key: 'down',
          text: t('Move Down', undefined, lang),
          iconProps: { iconName: 'Down' },
          disabled: next === null,
          onClick: () => void (next && live.channelOp({ kind: 'move-story', storyId: story._id, channelId, afterId: next })),
        },
      );
    if (mayRemove)
      items.push({
        key: 'remove',
        text: t('Remove from issue', undefined, lang),
        iconProps: { iconName: 'Remove' },
        onClick: () => void live.channelOp({ kind: 'remove-story', storyId: story._id }),
      });
    return { items, calloutProps: keepOpen };
  }, [live, story._id, channelId, before, isFirst, next, mayMove, mayRemove, lang]);
  const actions =
    menu.items.length > 0 && !disabled ? (
      <IconButton
        iconProps={{ iconName: 'More' }}
        title={t('Story actions')}
        ariaLabel={t('Actions for {name}', { name: storyName(story) })}
        menuProps={menu}
      />
    ) : undefined;
  const anchor = storyAnchor(story._id);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (window.location.hash !== `#${anchor}` || !element) return;
    // Handled once: the address goes back to the Edit tab's own.
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    const show = () => element.scrollIntoView({ block: 'center' });
    show();
    element.focus({ preventScroll: true });
    // What loads above the card (the intro's editor, pictures) moves it down: it is kept in view
    // until the person scrolls, clicks or types.
    const moved = new ResizeObserver(show);
    moved.observe(document.body);
    const byPerson = ['wheel', 'touchstart', 'keydown', 'mousedown'];
    const stop = () => {
      moved.disconnect();
      for (const type of byPerson) window.removeEventListener(type, stop, true);
    };
    for (const type of byPerson) window.addEventListener(type, stop, true);
    return stop;
  }, [anchor]);
  return (
    <div id={anchor} ref={box} tabIndex={-1} className={classes.target}>
      <StoryCard story={story} parts={{ actions }} />
    </div>
  );
});

const ChannelSection = memo(function ChannelSection({
  live,
  newsletter,
  channel,
  channels,
  stories,
  creating,
  disabled,
}: Omit<ChannelsProps, 'creating'> & { channel: IssueChannel; creating: number }) {
  const can = useCan();
  // Drawn again in a new language: the section is memoized, and so is its menu (written in `lang`).
  const lang = useConsoleLang();
  const title = channelTitle(channel);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  // The menu that opened the rename gives the focus back to its button as it closes: that blur is not the user leaving.
  const renameStarted = useRef(0);
  const fixed = channel._id === stuffChannelId;
  const own = channel.stories.map((id) => stories.get(id)).filter((story): story is Story => Boolean(story));
  const readingTime = own.reduce((sum, story) => sum + story.meta.readingTime, 0);
  const renameTaken = renaming !== null && titleTaken(channels, renaming, channel._id);

  const finishRename = () => {
    if (renaming === null) return;
    const title = renaming.trim();
    // An unchanged title just closes the editor.
    if (title === channel.title || !title) setRenaming(null);
    else if (!renameTaken && live.channelOp({ kind: 'rename-channel', channelId: channel._id, title })) setRenaming(null);
  };

  const createBullet = async (text: string) => {
    const done = live.creatingIn(channel._id);
    try {
      const { data } = await storyApi.create(newsletter, 'bullet', {
        body: { html: `<p>• ${text.replace(/[<>&]/g, (char) => `&#${char.charCodeAt(0)};`)}</p>` },
      });
      live.addStory(data, channel._id, channel.stories.at(-1) ?? null);
    } catch (error) {
      await handleError(error);
    } finally {
      done();
    }
  };

  const mayMove = can('stories.move');
  const mayRemove = can('stories.delete');
  // Moving a channel without dragging it (from the keyboard too): after the one two places up, or after the next.
  const position = channels.findIndex((other) => other._id === channel._id);
  const twoUp = channels[position - 2]?._id ?? null;
  const next = channels[position + 1]?._id ?? null;
  // One menu object for as long as the channel is the same: a new one each render would close an open menu whenever someone else types.
  const menu = useMemo<IContextualMenuProps>(
    () => ({
      items: [
        {
          key: 'up',
          text: t('Move Up', undefined, lang),
          iconProps: { iconName: 'Up' },
          // 'Draft Stories' stays first.
          disabled: position <= 1,
          onClick: () => void (twoUp && live.channelOp({ kind: 'move-channel', channelId: channel._id, afterId: twoUp })),
        },
        {
          key: 'down',
          text: t('Move Down', undefined, lang),
          iconProps: { iconName: 'Down' },
          disabled: next === null,
          onClick: () => void (next && live.channelOp({ kind: 'move-channel', channelId: channel._id, afterId: next })),
        },
        {
          key: 'rename',
          text: t('Rename', undefined, lang),
          iconProps: { iconName: 'Rename' },
          onClick: () => {
            renameStarted.current = Date.now();
            setRenaming(channel.title);
          },
        },
        {
          key: 'delete',
          text: t('Delete', undefined, lang),
          iconProps: { iconName: 'Delete' },
          onClick: () => void live.channelOp({ kind: 'delete-channel', channelId: channel._id }),
        },
      ],
      calloutProps: keepOpen,
    }),
    [live, channel._id, channel.title, position, twoUp, next, lang],
  );

  return (
    <section className={classes.channel} aria-label={title} data-testid="channel" data-channel={channel._id}>
      <Stack horizontal verticalAlign="center" horizontalAlign="space-between" tokens={{ childrenGap: 8 }} styles={{ root: { marginBottom: 12 } }}>
        {renaming !== null ? (
          <TextField
            autoFocus
            ariaLabel={t('Channel title')}
            value={renaming}
            errorMessage={renameTaken ? t(channelTitleTaken) : undefined}
            onChange={(_event, value) => setRenaming(value ?? '')}
            onBlur={(event) => {
              if (Date.now() - renameStarted.current < renameSettleMs) {
                const input = event.currentTarget;
                requestAnimationFrame(() => input.focus());
              } else finishRename();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') finishRename();
              if (event.key === 'Escape') setRenaming(null);
            }}
          />
        ) : (
          <Text as="h2" variant="xLarge" styles={{ root: { margin: 0 } }}>
            {title}
          </Text>
        )}
        <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 8 }}>
          <Text styles={{ root: { color: theme.semanticColors.bodySubtext } }}>{readingMinutes(readingTime)}</Text>
          {!fixed && can('issues.update') ? (
            <IconButton
              iconProps={{ iconName: 'More' }}
              title={t('Channel actions')}
              ariaLabel={t('Actions for {name}', { name: title })}
              disabled={disabled}
              menuProps={menu}
            />
          ) : null}
        </Stack>
      </Stack>
      <div className={classes.grid}>
        {own.map((story, index) => (
          <StoryInChannel
            key={story._id}
            live={live}
            story={story}
            channelId={channel._id}
            before={own[index - 2]?._id ?? null}
            isFirst={index === 0}
            next={own[index + 1]?._id ?? null}
            mayMove={mayMove}
            mayRemove={mayRemove}
            disabled={disabled}
          />
        ))}
        {Array.from({ length: creating }, (_, index) => (
          <div key={`creating-${index}`} className={classes.placeholder} data-testid="story-placeholder" aria-label={t('Creating the story')}>
            <Shimmer />
            <Shimmer width="70%" styles={{ root: { marginTop: 8 } }} />
          </div>
        ))}
      </div>
      {can('stories.create') ? (
        <Stack tokens={{ childrenGap: 8 }} styles={{ root: { marginTop: 12 } }}>
          <BulletComposer onCreate={createBullet} disabled={disabled} />
          <DefaultButton
            text={t('ADD STORY')}
            iconProps={{ iconName: 'Add' }}
            disabled={disabled}
            styles={{ root: { alignSelf: 'flex-start' } }}
            ariaLabel={t('Add a story to {channel}', { channel: title })}
            onClick={() => setAdding(true)}
          />
        </Stack>
      ) : null}
      {adding ? (
        <AddStoryPanel
          newsletter={newsletter}
          channelTitle={title}
          onDismiss={() => setAdding(false)}
          onAdd={(story) => live.addStory(story, channel._id, channel.stories.at(-1) ?? null)}
        />
      ) : null}
    </section>
  );
});

export function Channels(props: ChannelsProps) {
  const can = useCan();
  const { live, channels, disabled } = props;
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      {channels.map((channel) => (
        <ChannelSection key={channel._id} {...props} channel={channel} creating={props.creating.get(channel._id) ?? 0} />
      ))}
      {can('issues.update') ? (
        <DefaultButton
          text={t('ADD CHANNEL')}
          iconProps={{ iconName: 'Add' }}
          disabled={disabled}
          styles={{ root: { alignSelf: 'flex-start' } }}
          onClick={() =>
            void live.channelOp({ kind: 'add-channel', channelId: newChannelId(), title: newChannelTitle(channels), afterId: channels.at(-1)?._id ?? null })
          }
        />
      ) : null}
    </Stack>
  );
}
