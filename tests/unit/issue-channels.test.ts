/**
 * An issue's channels as both sides change them (plugins/issues/rules.ts, spec 001 sections 2 to
 * 5): each change of the channel list applied to the list as it is, so that changes made at the
 * same moment all apply; 'Draft Stories' first, fixed and never lost; titles unique; each story
 * in one place; and the list as an issue keeps it.
 */
import { describe, expect, it } from 'vitest';
import {
  applyChannelOp,
  channelOpPermission,
  channelsOfTemplate,
  channelTitleEmpty,
  channelTitleTaken,
  draftStoriesTitle,
  normalizeChannels,
  stuffChannelId,
  type ChannelOp,
  type IssueChannel,
} from '../../plugins/issues/rules';

const stuff = (...stories: string[]): IssueChannel => ({ _id: stuffChannelId, title: draftStoriesTitle, stories });
const channel = (_id: string, title: string, ...stories: string[]): IssueChannel => ({ _id, title, stories });

/** Draft Stories (s1), Gündem (s2, s3), Ekonomi (s4), Kültür (empty). */
const sample = (): IssueChannel[] => [stuff('s1'), channel('gundem', 'Gündem', 's2', 's3'), channel('ekonomi', 'Ekonomi', 's4'), channel('kultur', 'Kültür')];

/** Applies `op` and expects it to apply; answers the channels. */
function applied(channels: IssueChannel[], op: ChannelOp): IssueChannel[] {
  const result = applyChannelOp(channels, op);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.channels;
}
const refusal = (channels: IssueChannel[], op: ChannelOp) => {
  const result = applyChannelOp(channels, op);
  return result.ok ? null : result.message;
};
const layout = (channels: IssueChannel[]) => channels.map((item) => `${item.title}: ${item.stories.join(' ')}`.trim());

describe('applyChannelOp', () => {
  it('moves a story to the start of a channel, after another story, or to the end when that story is gone', () => {
    const channels = sample();
    expect(layout(applied(channels, { kind: 'move-story', storyId: 's4', channelId: 'gundem', afterId: null }))).toEqual([
      'Draft Stories: s1',
      'Gündem: s4 s2 s3',
      'Ekonomi:',
      'Kültür:',
    ]);
    expect(layout(applied(channels, { kind: 'move-story', storyId: 's4', channelId: 'gundem', afterId: 's2' }))[1]).toBe('Gündem: s2 s4 s3');
    expect(layout(applied(channels, { kind: 'move-story', storyId: 's4', channelId: 'gundem', afterId: 'gone' }))[1]).toBe('Gündem: s2 s3 s4');
    // Within its own channel, and after itself (its place before the move: the start).
    expect(layout(applied(channels, { kind: 'move-story', storyId: 's2', channelId: 'gundem', afterId: 's3' }))[1]).toBe('Gündem: s3 s2');
    expect(layout(applied(channels, { kind: 'move-story', storyId: 's3', channelId: 'gundem', afterId: 's3' }))[1]).toBe('Gündem: s3 s2');
    // The input is never changed.
    expect(channels).toEqual(sample());
  });

  it('sends a story moved into a channel someone deleted meanwhile to Draft Stories, and refuses moving a story no longer in the issue', () => {
    expect(layout(applied(sample(), { kind: 'move-story', storyId: 's2', channelId: 'deleted', afterId: null }))).toEqual([
      'Draft Stories: s2 s1',
      'Gündem: s3',
      'Ekonomi: s4',
      'Kültür:',
    ]);
    expect(refusal(sample(), { kind: 'move-story', storyId: 'nope', channelId: 'gundem', afterId: null })).toBe('The story is no longer in this issue.');
  });

  it('applies two moves made at the same moment one after the other: both stories end where they were dropped', () => {
    // Two editors drag from the same list; the server applies each to what the other left.
    const first: ChannelOp = { kind: 'move-story', storyId: 's1', channelId: 'kultur', afterId: null };
    const second: ChannelOp = { kind: 'move-story', storyId: 's4', channelId: 'kultur', afterId: null };
    const oneWay = applied(applied(sample(), first), second);
    const otherWay = applied(applied(sample(), second), first);
    for (const result of [oneWay, otherWay]) {
      expect(result[0]!.stories).toEqual([]);
      expect(new Set(result[3]!.stories)).toEqual(new Set(['s1', 's4']));
      expect(result[2]!.stories).toEqual([]);
    }
  });

  it('moves a channel, never before Draft Stories, and refuses moving Draft Stories or a channel that is gone', () => {
    const titles = (channels: IssueChannel[]) => channels.map((item) => item.title);
    expect(titles(applied(sample(), { kind: 'move-channel', channelId: 'kultur', afterId: null }))).toEqual(['Draft Stories', 'Kültür', 'Gündem', 'Ekonomi']);
    expect(titles(applied(sample(), { kind: 'move-channel', channelId: 'gundem', afterId: 'ekonomi' }))).toEqual([
      'Draft Stories',
      'Ekonomi',
      'Gündem',
      'Kültür',
    ]);
    expect(titles(applied(sample(), { kind: 'move-channel', channelId: 'kultur', afterId: stuffChannelId }))).toEqual([
      'Draft Stories',
      'Kültür',
      'Gündem',
      'Ekonomi',
    ]);
    expect(titles(applied(sample(), { kind: 'move-channel', channelId: 'gundem', afterId: 'gone' }))).toEqual(['Draft Stories', 'Ekonomi', 'Kültür', 'Gündem']);
    expect(refusal(sample(), { kind: 'move-channel', channelId: stuffChannelId, afterId: 'kultur' })).toBe('Draft Stories stays first.');
    expect(refusal(sample(), { kind: 'move-channel', channelId: 'gone', afterId: null })).toBe('The channel no longer exists.');
  });

  it('adds a channel after another (after Draft Stories at the earliest), with a trimmed title unique in the issue', () => {
    const added = applied(sample(), { kind: 'add-channel', channelId: 'spor', title: '  Spor ', afterId: null });
    expect(added[1]).toEqual({ _id: 'spor', title: 'Spor', stories: [] });
    expect(applied(sample(), { kind: 'add-channel', channelId: 'spor', title: 'Spor', afterId: 'kultur' }).at(-1)!._id).toBe('spor');
    expect(refusal(sample(), { kind: 'add-channel', channelId: 'spor', title: ' gündem ', afterId: null })).toBe(channelTitleTaken);
    expect(refusal(sample(), { kind: 'add-channel', channelId: 'spor', title: 'GÜNDEM', afterId: null })).toBe(channelTitleTaken);
    expect(refusal(sample(), { kind: 'add-channel', channelId: 'spor', title: 'draft stories', afterId: null })).toBe(channelTitleTaken);
    expect(refusal(sample(), { kind: 'add-channel', channelId: 'spor', title: '   ', afterId: null })).toBe(channelTitleEmpty);
    expect(refusal(sample(), { kind: 'add-channel', channelId: 'gundem', title: 'Yeni', afterId: null })).toBe('This channel already exists.');
  });

  it('renames a channel to a title no other channel has; Draft Stories keeps its name', () => {
    expect(applied(sample(), { kind: 'rename-channel', channelId: 'kultur', title: ' Kültür Sanat ' })[3]!.title).toBe('Kültür Sanat');
    // Its own title in other letters is its own.
    expect(applied(sample(), { kind: 'rename-channel', channelId: 'kultur', title: 'KÜLTÜR' })[3]!.title).toBe('KÜLTÜR');
    expect(refusal(sample(), { kind: 'rename-channel', channelId: 'kultur', title: 'Ekonomi' })).toBe(channelTitleTaken);
    expect(refusal(sample(), { kind: 'rename-channel', channelId: 'kultur', title: '' })).toBe(channelTitleEmpty);
    expect(refusal(sample(), { kind: 'rename-channel', channelId: stuffChannelId, title: 'Taslaklar' })).toBe('Draft Stories keeps its name.');
    expect(refusal(sample(), { kind: 'rename-channel', channelId: 'gone', title: 'Yeni' })).toBe('The channel no longer exists.');
  });

  it('deletes a channel and sends its stories to Draft Stories; deleting one that is gone changes nothing', () => {
    expect(layout(applied(sample(), { kind: 'delete-channel', channelId: 'gundem' }))).toEqual(['Draft Stories: s1 s2 s3', 'Ekonomi: s4', 'Kültür:']);
    expect(applied(sample(), { kind: 'delete-channel', channelId: 'gone' })).toEqual(sample());
    expect(refusal(sample(), { kind: 'delete-channel', channelId: stuffChannelId })).toBe('Draft Stories cannot be deleted.');
  });

  it('adds a new story where it is dropped (Draft Stories when the channel is gone) and removes one from wherever it is', () => {
    expect(applied(sample(), { kind: 'add-story', storyId: 'n1', channelId: 'ekonomi', afterId: 's4' })[2]!.stories).toEqual(['s4', 'n1']);
    expect(applied(sample(), { kind: 'add-story', storyId: 'n1', channelId: 'gone', afterId: null })[0]!.stories).toEqual(['n1', 's1']);
    // A story already in the issue is not there twice.
    const again = applied(sample(), { kind: 'add-story', storyId: 's2', channelId: 'kultur', afterId: null });
    expect(again.flatMap((item) => item.stories).filter((id) => id === 's2')).toHaveLength(1);
    expect(layout(applied(sample(), { kind: 'remove-story', storyId: 's3' }))[1]).toBe('Gündem: s2');
    expect(applied(sample(), { kind: 'remove-story', storyId: 'gone' })).toEqual(sample());
  });

  it('names the permission each change needs (spec 001 section 6)', () => {
    expect(channelOpPermission).toEqual({
      'move-story': 'stories.move',
      'move-channel': 'issues.update',
      'add-channel': 'issues.update',
      'rename-channel': 'issues.update',
      'delete-channel': 'issues.update',
      'add-story': 'stories.create',
      'remove-story': 'stories.delete',
    });
  });
});

describe('normalizeChannels', () => {
  it('puts Draft Stories first, named so, and makes it when it is missing', () => {
    expect(normalizeChannels([])).toEqual([stuff()]);
    expect(normalizeChannels([channel('gundem', 'Gündem', 's1'), { _id: stuffChannelId, title: 'Taslak', stories: ['s2'] }])).toEqual([
      stuff('s2'),
      channel('gundem', 'Gündem', 's1'),
    ]);
  });

  it('keeps each story once, in its first place, and each channel id once', () => {
    expect(normalizeChannels([stuff('s1'), channel('a', 'A', 's2', 's1', 's2'), channel('b', 'B', 's2', 's3'), channel('a', 'A again', 's4')])).toEqual([
      stuff('s1'),
      channel('a', 'A', 's2'),
      channel('b', 'B', 's3'),
    ]);
  });

  it('with the issue’s stories: drops stories no longer in it and adds the missing ones to Draft Stories', () => {
    const storyIds = new Set(['s1', 's2', 's5']);
    expect(normalizeChannels([stuff('s1', 'gone'), channel('a', 'A', 's2', 'deleted')], storyIds)).toEqual([stuff('s1', 's5'), channel('a', 'A', 's2')]);
  });

  it('makes titles unique with a number and gives an empty title a name', () => {
    expect(normalizeChannels([channel('a', 'Gündem'), channel('b', ' gündem '), channel('c', 'GÜNDEM'), channel('d', '  ')]).map((item) => item.title)).toEqual(
      ['Draft Stories', 'Gündem', 'gündem 2', 'GÜNDEM 3', 'Channel'],
    );
    expect(normalizeChannels([channel('a', 'Draft Stories')]).map((item) => item.title)).toEqual(['Draft Stories', 'Draft Stories 2']);
  });

  it('changes nothing it is given, and keeps a normalized list as it is', () => {
    const input = [channel('a', 'A', 's1', 's1'), stuff('s2')];
    const copy = structuredClone(input);
    const once = normalizeChannels(input, new Set(['s1', 's2']));
    expect(input).toEqual(copy);
    expect(normalizeChannels(once, new Set(['s1', 's2']))).toEqual(once);
  });

  it('gives a new issue Draft Stories and one empty channel per template title', () => {
    let next = 0;
    const channels = channelsOfTemplate(['Gündem', 'Ekonomi'], () => `id-${++next}`);
    expect(channels).toEqual([stuff(), channel('id-1', 'Gündem'), channel('id-2', 'Ekonomi')]);
    expect(channelsOfTemplate([], () => 'x')).toEqual([stuff()]);
  });
});
