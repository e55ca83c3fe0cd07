/**
 * The story state machine shared by the console and the server (plugins/stories/rules.ts): which
 * action each role may take in each state, with the message the refusal shows, what an allowed
 * action leaves, and the autosave readiness texts.
 */
import { describe, expect, it } from 'vitest';
import { roles } from '../../core/shared/config';
import type { Permission, RoleKey } from '../../core/shared/permissions';
import { grantsOf } from '../../core/shared/permissions';
import manifest from '../../plugins/stories/plugin';
import {
  leadMinutesFor,
  missingFields,
  nextStatus,
  subtitleProblem,
  verdict,
  withoutMarker,
  type Actor,
  type StoryAction,
  type StoryFacts,
  type StoryStatus,
} from '../../plugins/stories/rules';

const none: StoryStatus = {
  draft: false,
  ready: false,
  accepted: false,
  scheduled: false,
  queued: false,
  processing: false,
  notified: false,
  published: false,
  featured: false,
  tested: false,
  rejected: false,
  cancelled: false,
};
const status = (...flags: (keyof StoryStatus)[]): StoryStatus => ({ ...none, ...Object.fromEntries(flags.map((flag) => [flag, true])) });

/** An actor holding what config/roles.json gives the role over the stories plugin's permissions. */
const actor = (role: RoleKey, userId = `${role}-id`): Actor => {
  const held = new Set<Permission>(grantsOf(roles[role], manifest.permissions));
  return { userId, role, can: (permission) => held.has(permission) };
};
const admin = actor('admin');
const director = actor('director');
const editor = actor('editor');
const author = actor('author');

const article = (flags: StoryStatus, extra: Partial<StoryFacts> = {}): StoryFacts => ({
  type: 'article',
  status: flags,
  image: '/demo/kapak.png',
  ownerId: author.userId,
  ...extra,
});
const bulletOf = (flags: StoryStatus): StoryFacts => ({ type: 'bullet', status: flags, image: '', ownerId: author.userId });

const refusal = (role: string, permission: string) => ({
  ok: false,
  kind: 'permission',
  message: `Your role (${role}) does not allow this: ${permission} is required.`,
});
const stateRefusal = (message: string) => ({ ok: false, kind: 'state', message });
const ok = { ok: true };

describe('verdict', () => {
  it('lets the writer edit their own draft, an editor anyone’s, and nobody a story that is not a draft', () => {
    const draft = article(status('draft'));
    expect(verdict('edit', draft, author)).toEqual(ok);
    expect(verdict('edit', draft, editor)).toEqual(ok);
    expect(verdict('edit', draft, actor('author', 'another-author'))).toEqual(refusal('AUTHOR', 'stories.update'));
    const notDraft = stateRefusal('This story is not a draft, so it was not saved. Move it to draft to edit it.');
    expect(verdict('edit', article(status('ready')), author)).toEqual(notDraft);
    expect(verdict('edit', article(status('ready', 'accepted', 'published')), editor)).toEqual(notDraft);
    // A published story taken back to draft is edited again.
    expect(verdict('edit', article(status('draft', 'published')), editor)).toEqual(ok);
  });

  it('makes a draft ready (the author submits), but not a story being released, nor an article without an image', () => {
    expect(verdict('ready', article(status('draft')), author)).toEqual(ok);
    expect(verdict('ready', bulletOf(status('draft')), author)).toEqual(ok);
    expect(verdict('ready', article(status('ready')), author)).toEqual(stateRefusal('Only a draft story can be made ready.'));
    expect(verdict('ready', article(status('draft', 'scheduled')), editor)).toEqual(stateRefusal('Only a draft story can be made ready.'));
    expect(verdict('ready', article(status('draft'), { image: '' }), author)).toEqual(stateRefusal('Article image is required'));
    // A bullet has no cover: it needs none.
    expect(verdict('ready', { ...bulletOf(status('draft')), image: '' }, author)).toEqual(ok);
    expect(verdict('ready', article(status('draft')), actor('author', 'someone-else'))).toEqual(refusal('AUTHOR', 'stories.update'));
  });

  it('takes a story back to draft: stories.accept for a ready one, stories.draft for an accepted one, never while scheduled', () => {
    expect(verdict('draft', article(status('ready')), author)).toEqual(refusal('AUTHOR', 'stories.accept'));
    expect(verdict('draft', article(status('ready', 'accepted')), author)).toEqual(refusal('AUTHOR', 'stories.draft'));
    expect(verdict('draft', article(status('ready')), editor)).toEqual(ok);
    expect(verdict('draft', article(status('ready', 'accepted', 'published')), editor)).toEqual(ok);
    expect(verdict('draft', article(status('draft')), editor)).toEqual(stateRefusal('The story is already a draft.'));
    for (const releasing of ['scheduled', 'queued', 'processing'] as const) {
      expect(verdict('draft', article(status('ready', 'accepted', releasing)), director)).toEqual(
        stateRefusal('Cancel the schedule before you edit the story.'),
      );
    }
    // A cancelled story (ready and accepted) goes back with stories.draft.
    expect(verdict('draft', article(status('ready', 'accepted', 'cancelled')), editor)).toEqual(ok);
  });

  it('accepts with stories.accept, once, not while scheduled, and never an article without an image', () => {
    expect(verdict('accept', article(status('ready')), author)).toEqual(refusal('AUTHOR', 'stories.accept'));
    expect(verdict('accept', article(status('ready')), editor)).toEqual(ok);
    expect(verdict('accept', article(status('draft', 'published')), editor)).toEqual(ok);
    expect(verdict('accept', article(status('ready', 'accepted')), editor)).toEqual(stateRefusal('The story is already accepted.'));
    expect(verdict('accept', article(status('ready', 'scheduled')), director)).toEqual(stateRefusal('The story is scheduled.'));
    expect(verdict('accept', article(status('ready'), { image: '' }), editor)).toEqual(stateRefusal('Article image is required'));
  });

  it('publishes articles only, by admins and directors, when not already scheduled, published or notified', () => {
    const ready = article(status('ready'));
    expect(verdict('publish', ready, director)).toEqual(ok);
    expect(verdict('publish', ready, admin)).toEqual(ok);
    expect(verdict('publish', ready, editor)).toEqual(refusal('EDITOR', 'stories.publish'));
    expect(verdict('publish', ready, author)).toEqual(refusal('AUTHOR', 'stories.publish'));
    expect(verdict('publish', bulletOf(status('ready')), director)).toEqual(stateRefusal('Only articles can be published on their own.'));
    for (const flag of ['scheduled', 'published', 'notified', 'queued', 'processing'] as const) {
      expect(verdict('publish', article(status('ready', 'accepted', flag)), director)).toEqual(stateRefusal('The story is already scheduled or published.'));
    }
    expect(verdict('publish', article(status('draft'), { image: '' }), director)).toEqual(stateRefusal('Article image is required'));
    // A cancelled story may be published again.
    expect(verdict('publish', article(status('ready', 'accepted', 'cancelled')), director)).toEqual(ok);
  });

  it('cancels a schedule (stories.publish) only while scheduled, and the admin’s cancel while scheduled, queued or processing', () => {
    const scheduled = article(status('ready', 'accepted', 'scheduled'));
    expect(verdict('cancelSchedule', scheduled, director)).toEqual(ok);
    expect(verdict('cancelSchedule', scheduled, editor)).toEqual(refusal('EDITOR', 'stories.publish'));
    expect(verdict('cancelSchedule', article(status('ready', 'accepted')), director)).toEqual(stateRefusal('The story is not scheduled.'));
    expect(verdict('cancelSchedule', article(status('ready', 'accepted', 'scheduled', 'queued')), director)).toEqual(
      stateRefusal('The story is not scheduled.'),
    );

    expect(verdict('cancel', scheduled, admin)).toEqual(ok);
    expect(verdict('cancel', article(status('ready', 'accepted', 'queued')), admin)).toEqual(ok);
    expect(verdict('cancel', article(status('ready', 'accepted', 'processing')), admin)).toEqual(ok);
    expect(verdict('cancel', scheduled, director)).toEqual(refusal('DIRECTOR', 'stories.cancel'));
    expect(verdict('cancel', article(status('ready', 'accepted', 'published')), admin)).toEqual(
      stateRefusal('Only a scheduled, queued or processing story can be cancelled.'),
    );
  });

  it('unpublishes a published story that is not scheduled', () => {
    expect(verdict('unpublish', article(status('ready', 'accepted', 'published')), director)).toEqual(ok);
    expect(verdict('unpublish', article(status('ready', 'accepted', 'published')), editor)).toEqual(refusal('EDITOR', 'stories.publish'));
    expect(verdict('unpublish', article(status('ready', 'accepted')), director)).toEqual(stateRefusal('The story is not published.'));
    expect(verdict('unpublish', article(status('ready', 'accepted', 'published', 'scheduled')), director)).toEqual(stateRefusal('The story is not published.'));
  });

  it('lets the owner always delete their story, others with stories.delete, and nobody while it is being released', () => {
    const ready = article(status('ready', 'accepted', 'published'));
    expect(verdict('delete', ready, author)).toEqual(ok);
    expect(verdict('delete', ready, actor('author', 'another-author'))).toEqual(refusal('AUTHOR', 'stories.delete'));
    expect(verdict('delete', ready, editor)).toEqual(ok);
    const message = stateRefusal('A scheduled story cannot be deleted. Cancel the schedule first.');
    for (const releasing of ['scheduled', 'queued', 'processing'] as const) {
      expect(verdict('delete', article(status('ready', 'accepted', releasing)), author)).toEqual(message);
    }
  });

  it('features articles (admins only) while they are drafts', () => {
    expect(verdict('feature', article(status('draft')), admin)).toEqual(ok);
    expect(verdict('feature', article(status('draft', 'published')), admin)).toEqual(ok);
    expect(verdict('feature', article(status('draft')), director)).toEqual(refusal('DIRECTOR', 'stories.feature'));
    expect(verdict('feature', bulletOf(status('draft')), admin)).toEqual(stateRefusal('Only articles can be featured.'));
    for (const flag of ['ready', 'accepted', 'scheduled'] as const) {
      expect(verdict('feature', article(status(flag)), admin)).toEqual(stateRefusal('The featured switch can only change while the story is a draft.'));
    }
  });

  it('checks the role before the state: a refused role learns nothing about the story', () => {
    expect(verdict('publish', bulletOf(status('published')), editor)).toMatchObject({ kind: 'permission' });
    expect(verdict('cancel', article(status('draft')), director)).toMatchObject({ kind: 'permission' });
  });
});

describe('nextStatus', () => {
  it('moves between draft, ready and accepted', () => {
    expect(nextStatus('ready', status('draft', 'rejected'))).toEqual(status('ready'));
    expect(nextStatus('accept', status('draft'))).toEqual(status('ready', 'accepted'));
    expect(nextStatus('accept', status('draft', 'published'))).toEqual(status('ready', 'accepted', 'published'));
    expect(nextStatus('draft', status('ready', 'accepted', 'published', 'cancelled'))).toEqual(status('draft', 'published'));
    expect(nextStatus('draft', status('ready', 'featured'))).toEqual(status('draft', 'featured'));
  });

  it('publishing leaves the story ready, accepted and scheduled; cancelling undoes it', () => {
    const scheduled = nextStatus('publish', status('draft', 'cancelled'));
    expect(scheduled).toEqual(status('ready', 'accepted', 'scheduled'));
    expect(nextStatus('cancelSchedule', scheduled)).toEqual(status('ready', 'accepted'));
    expect(nextStatus('cancel', status('ready', 'accepted', 'queued', 'processing', 'scheduled'))).toEqual(status('ready', 'accepted', 'cancelled'));
    expect(nextStatus('unpublish', status('ready', 'accepted', 'published', 'notified'))).toEqual(status('ready', 'accepted', 'notified'));
  });

  it('leaves every action allowed afterwards consistent with verdict', () => {
    // After publishing, only cancelling (schedule or admin's) is possible, not editing or deleting.
    const scheduled = article(nextStatus('publish', status('draft')));
    const allowed = (['edit', 'ready', 'draft', 'accept', 'publish', 'cancelSchedule', 'cancel', 'unpublish', 'delete', 'feature'] as StoryAction[]).filter(
      (action) => verdict(action, scheduled, admin).ok,
    );
    expect(allowed).toEqual(['cancelSchedule', 'cancel']);
  });
});

describe('missingFields', () => {
  const complete = { type: 'article' as const, title: 'Başlık', subtitle: 'Alt başlık', image: '/demo/kapak.png', text: 'Gövde' };

  it('needs title, subtitle and image of an article and a body of any story, in that order', () => {
    expect(missingFields(complete)).toEqual([]);
    expect(missingFields({ ...complete, title: '  ', subtitle: '', image: '', text: ' ' })).toEqual([
      'Required: Title',
      'Required: Subtitle',
      'Required: Image',
      'Required: Body',
    ]);
    expect(missingFields({ ...complete, subtitle: ' \n' })).toEqual(['Required: Subtitle']);
    expect(missingFields({ ...complete, image: '' })).toEqual(['Required: Image']);
  });

  it('asks a bullet only for its body, the marker alone not counting', () => {
    expect(missingFields({ type: 'bullet', title: '', subtitle: '', image: '', text: 'Haber' })).toEqual([]);
    expect(missingFields({ type: 'bullet', title: '', subtitle: '', image: '', text: withoutMarker('• ') })).toEqual(['Required: Body']);
    expect(withoutMarker('  •  Haber • ikinci')).toBe('Haber • ikinci');
  });
});

describe('subtitleProblem', () => {
  it('wants more than the minimum after leading whitespace, and leaves an empty subtitle to missingFields', () => {
    expect(subtitleProblem('ab', 2)).toBe('Subtitle must be more than 2 characters.');
    expect(subtitleProblem('   ab', 2)).toBe('Subtitle must be more than 2 characters.');
    expect(subtitleProblem('a', 2)).toBe('Subtitle must be more than 2 characters.');
    expect(subtitleProblem('abc', 2)).toBeNull();
    expect(subtitleProblem('  abc', 2)).toBeNull();
    expect(subtitleProblem('', 2)).toBeNull();
    expect(subtitleProblem('   ', 2)).toBeNull();
  });
});

describe('leadMinutesFor', () => {
  it('asks 30 minutes ahead, none for a notification or an admin', () => {
    expect(leadMinutesFor('director', false)).toBe(30);
    expect(leadMinutesFor('editor', false)).toBe(30);
    expect(leadMinutesFor('director', true)).toBe(0);
    expect(leadMinutesFor('admin', false)).toBe(0);
    expect(leadMinutesFor('director', false, 45)).toBe(45);
  });
});
