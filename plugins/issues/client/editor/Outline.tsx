/**
 * The outline in the editor's sidebar (spec 001 section 2): channel titles cut at 22 characters and
 * story previews at 100, dragged and dropped to reorder channels and move stories between them.
 * 'Draft Stories' stays first and is not dragged. Each drop is one operation (live-issue.ts).
 */
import { FontIcon, mergeStyleSets, Text } from '@fluentui/react';
import { useState, type DragEvent } from 'react';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';
import { constants } from '../../../../core/shared/config';
import { storyName, type Story } from '../../../stories/client/public';
import { cut, stuffChannelId, type ChannelOp, type IssueChannel } from '../../rules';
import { channelTitle } from '../texts';

interface Dragged {
  kind: 'channel' | 'story';
  id: string;
}

const mime = 'application/x-masthead-outline';

const classes = mergeStyleSets({
  channel: {
    display: 'flex',
    alignItems: 'center',
    gap: 6,
    padding: '6px 8px',
    borderRadius: 4,
    fontWeight: 600,
    cursor: 'grab',
    selectors: { ':hover': { background: theme.palette.neutralLighter } },
  },
  fixed: { cursor: 'default' },
  story: {
    padding: '4px 8px 4px 24px',
    borderRadius: 4,
    cursor: 'grab',
    fontSize: 12,
    color: theme.semanticColors.bodySubtext,
    overflowWrap: 'anywhere',
    selectors: { ':hover': { background: theme.palette.neutralLighter } },
  },
  over: { boxShadow: `inset 0 -2px 0 ${theme.palette.themePrimary}` },
});

export interface OutlineProps {
  channels: IssueChannel[];
  stories: ReadonlyMap<string, Story>;
  canMoveStories: boolean;
  canMoveChannels: boolean;
  onOp(op: ChannelOp): void;
}

export function Outline({ channels, stories, canMoveStories, canMoveChannels, onOp }: OutlineProps) {
  const [over, setOver] = useState<string | null>(null);

  const start = (dragged: Dragged) => (event: DragEvent) => {
    event.dataTransfer.setData(mime, JSON.stringify(dragged));
    event.dataTransfer.effectAllowed = 'move';
  };
  const read = (event: DragEvent): Dragged | null => {
    try {
      return JSON.parse(event.dataTransfer.getData(mime)) as Dragged;
    } catch {
      return null;
    }
  };
  const allowDrop = (key: string) => (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(mime)) return;
    event.preventDefault();
    setOver(key);
  };
  /** Dropped on a channel: a story goes first in it, a channel after it. */
  const dropOnChannel = (channel: IssueChannel) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const dragged = read(event);
    if (!dragged) return;
    if (dragged.kind === 'story') onOp({ kind: 'move-story', storyId: dragged.id, channelId: channel._id, afterId: null });
    else if (dragged.id !== channel._id) onOp({ kind: 'move-channel', channelId: dragged.id, afterId: channel._id });
  };
  /** Dropped on a story: a story goes after it. */
  const dropOnStory = (channel: IssueChannel, storyId: string) => (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setOver(null);
    const dragged = read(event);
    if (dragged?.kind === 'story' && dragged.id !== storyId) onOp({ kind: 'move-story', storyId: dragged.id, channelId: channel._id, afterId: storyId });
    else if (dragged?.kind === 'channel' && dragged.id !== channel._id) onOp({ kind: 'move-channel', channelId: dragged.id, afterId: channel._id });
  };

  return (
    <nav aria-label={t('Outline')} onDragEnd={() => setOver(null)}>
      {channels.map((channel) => {
        const fixed = channel._id === stuffChannelId || !canMoveChannels;
        return (
          <div key={channel._id} data-testid="outline-channel" data-channel={channel._id}>
            <div
              className={`${classes.channel} ${fixed ? classes.fixed : ''} ${over === channel._id ? classes.over : ''}`}
              draggable={!fixed}
              onDragStart={fixed ? undefined : start({ kind: 'channel', id: channel._id })}
              onDragOver={allowDrop(channel._id)}
              onDragLeave={() => setOver(null)}
              onDrop={dropOnChannel(channel)}
              title={channelTitle(channel)}
            >
              <FontIcon iconName={channel._id === stuffChannelId ? 'Lock' : 'GripperDotsVertical'} aria-hidden />
              <Text styles={{ root: { fontWeight: 600 } }}>{cut(channelTitle(channel), constants.issues.outlineTitleChars)}</Text>
            </div>
            {channel.stories.map((storyId) => {
              const story = stories.get(storyId);
              if (!story) return null;
              return (
                <div
                  key={storyId}
                  data-testid="outline-story"
                  data-story={storyId}
                  className={`${classes.story} ${over === storyId ? classes.over : ''}`}
                  draggable={canMoveStories}
                  onDragStart={canMoveStories ? start({ kind: 'story', id: storyId }) : undefined}
                  onDragOver={allowDrop(storyId)}
                  onDragLeave={() => setOver(null)}
                  onDrop={dropOnStory(channel, storyId)}
                >
                  {cut(story.type === 'article' ? storyName(story) : story.body.text.replace(/^\s*•\s*/, ''), constants.issues.outlinePreviewChars)}
                </div>
              );
            })}
          </div>
        );
      })}
    </nav>
  );
}
