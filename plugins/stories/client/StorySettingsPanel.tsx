/**
 * The story settings panel (spec 001 section 2): status buttons, tags (comma entry, the typed
 * value offered as a new tag), interest, slug with its availability, featured and premium
 * switches, the attached episode, and keywords. Tags and interest on a story that is not a
 * draft first take it back to draft (spec 001 section 4). The premium switch is whatever an
 * enabled plugin provides for `storyPremiumSwitchRef` (the premium-story service's).
 */
import {
  ActionButton,
  DefaultButton,
  Dropdown,
  Label,
  PrimaryButton,
  Stack,
  TagPicker,
  Text,
  TextField,
  Toggle,
  TooltipHost,
  type IDropdownOption,
  type ITag,
} from '@fluentui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { handleError } from '../../../core/client/errors';
import { ConfirmDialog } from '../../../core/client/page-parts';
import { Slot } from '../../../core/client/slot';
import { useCan } from '../../../core/client/permissions';
import { theme } from '../../../core/client/theme';
import { constants } from '../../../core/shared/config';
import { slugify } from '../../../core/shared/text';
import type { Interest } from '../../../schemas/generated/entities/interest';
import { allows, runAction, statusMoves, useActor, wasPublished } from './story-actions';
import { storyPremiumSwitchRef, type StoryPremiumSwitchProps } from './refs';
import { storyApi } from './story-api';
import type { DraftFields } from './story-draft';
import type { StoryEditor } from './use-story-editor';
import { useConsoleLang, type ConsoleLang } from '../../../core/client/format';
import { t } from '../../../core/client/words';

const SelectEpisodeDialog = lazy(() => import('../../episodes/client/public').then((module) => ({ default: module.SelectEpisodeDialog })));

/** An interest's title in the console's language, else its first one. */
const interestTitle = (interest: Interest, lang: ConsoleLang) =>
  interest.titles.find((title) => title.lang === lang)?.value ?? interest.titles[0]?.value ?? interest.key;
const searchable = (text: string) => text.trim().length >= constants.limits.searchMinChars;
/** A story not saved yet, as the premium switch sees it: no id, so nothing to mark. */
const unsavedStory = (fields: DraftFields): StoryPremiumSwitchProps['story'] => ({
  slug: fields.slug || null,
  title: fields.title,
  subtitle: fields.subtitle,
  image: fields.image,
  isPremium: false,
});

interface Props {
  editor: StoryEditor;
  tags: string[];
  interests: Interest[];
  editable: boolean;
  /** Takes the story back to draft when it is not one (asks first for a published story); answers whether it is a draft now. */
  ensureDraft(): Promise<boolean>;
}

export function StorySettingsPanel({ editor, tags, interests, editable, ensureDraft }: Props) {
  const { draft, state } = editor;
  const { story, fields, type } = state;
  const can = useCan();
  const actor = useActor();
  const [submitting, setSubmitting] = useState(false);
  const [choosingEpisode, setChoosingEpisode] = useState(false);
  const published = Boolean(story && wasPublished(story));
  const isAuthor = actor.role === 'author';

  /** Tags and interest change a story that is not a draft by taking it back to draft first. */
  const editSetting = async (patch: Parameters<typeof draft.edit>[0]) => {
    if (story && !story.status.draft && !(await ensureDraft())) return;
    draft.edit(patch);
  };

  // A story not saved yet may already be sent on (the action waits for its save).
  const moves = story ? statusMoves(story, actor) : ['ready'];
  const statusButtons = (
    <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
      {moves.includes('draft') ? <DefaultButton text={t('DRAFT')} iconProps={{ iconName: 'Edit' }} onClick={() => void ensureDraft()} /> : null}
      {moves.includes('ready') ? (
        isAuthor ? (
          <PrimaryButton text={t('SUBMIT')} iconProps={{ iconName: 'Send' }} onClick={() => setSubmitting(true)} />
        ) : (
          <DefaultButton
            text={published ? t('READY') : t('Convert to Ready')}
            iconProps={{ iconName: 'CheckMark' }}
            onClick={() => void runAction(draft, 'ready')}
          />
        )
      ) : null}
      {moves.includes('accept') ? (
        <PrimaryButton text={t('ACCEPT')} iconProps={{ iconName: 'Accept' }} onClick={() => void runAction(draft, 'accept')} />
      ) : null}
    </Stack>
  );

  return (
    <Stack className="story-settings" tokens={{ childrenGap: 18 }}>
      <Text variant="large" styles={{ root: { fontWeight: 600 } }}>
        {t('Story settings')}
      </Text>
      <Stack tokens={{ childrenGap: 6 }}>
        <Label>{t('Status')}</Label>
        {statusButtons}
      </Stack>
      {can('stories.tag') ? (
        <TagsField label={t('Tags')} value={fields.tags} known={tags} disabled={!story && !editable} onChange={(value) => void editSetting({ tags: value })} />
      ) : null}
      {can('stories.interest') ? <InterestField interests={interests} value={fields.interest} onChange={(interest) => void editSetting({ interest })} /> : null}
      {type === 'article' ? <SlugField editor={editor} published={published} editable={editable} /> : null}
      {type === 'article' && can('stories.feature') ? (
        <TooltipHost content={t('The featured switch can only change while the story is a draft.')}>
          <Toggle
            label={t('Featured')}
            checked={Boolean(story?.status.featured)}
            disabled={!story || !allows('feature', story, actor)}
            onChange={async (_event, on) => {
              if (!story) return;
              try {
                draft.statusChanged((await storyApi.feature(story._id, Boolean(on))).data);
              } catch (error) {
                await handleError(error);
              }
            }}
          />
        </TooltipHost>
      ) : null}
      <Slot of={storyPremiumSwitchRef} props={{ story: story ?? unsavedStory(fields), disabled: !story }} />
      <Stack tokens={{ childrenGap: 6 }}>
        <Label>{t('Episode')}</Label>
        {fields.episode ? (
          <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 8 }}>
            <Text>{t('An episode is attached.')}</Text>
            <ActionButton iconProps={{ iconName: 'Cancel' }} text={t('Remove')} disabled={!editable} onClick={() => draft.edit({ episode: null })} />
          </Stack>
        ) : (
          <DefaultButton
            text={t('Attach Episode')}
            iconProps={{ iconName: 'Headset' }}
            disabled={!editable}
            onClick={() => setChoosingEpisode(true)}
            styles={{ root: { alignSelf: 'flex-start' } }}
          />
        )}
      </Stack>
      <KeywordsField value={fields.keywords} disabled={!editable} onChange={(keywords) => draft.edit({ keywords })} />
      {submitting ? (
        <ConfirmDialog
          title={t('Submit the story?')}
          text={t('You cannot edit this story until an editor drafts or publishes it.')}
          action={t('SUBMIT')}
          onDismiss={() => setSubmitting(false)}
          onConfirm={async () => {
            await runAction(draft, 'ready');
            setSubmitting(false);
          }}
        />
      ) : null}
      {choosingEpisode ? (
        <Suspense fallback={null}>
          <SelectEpisodeDialog
            newsletterId={state.newsletter}
            onDismiss={() => setChoosingEpisode(false)}
            onSelect={(episode) => {
              draft.edit({ episode: episode._id });
              setChoosingEpisode(false);
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** Tags: pick known ones (search from 3 characters) or type new ones; a comma ends a tag. */
function TagsField({
  label,
  value,
  known,
  disabled,
  onChange,
}: {
  label: string;
  value: string[];
  known: string[];
  disabled: boolean;
  onChange(value: string[]): void;
}) {
  const add = (names: string[]) => {
    const next = [...value];
    for (const name of names.map((text) => text.trim()).filter(Boolean))
      if (!next.some((tag) => tag.toLocaleLowerCase('tr') === name.toLocaleLowerCase('tr'))) next.push(name);
    if (next.length !== value.length) onChange(next);
  };
  return (
    <Stack tokens={{ childrenGap: 4 }}>
      <Label>{label}</Label>
      <TagPicker
        disabled={disabled}
        selectedItems={value.map((tag) => ({ key: tag, name: tag }))}
        inputProps={{ 'aria-label': label, placeholder: t('Type a tag, then a comma') }}
        pickerSuggestionsProps={{
          suggestionsHeaderText: t('Tags'),
          noResultsFoundText: t('Type at least {count} characters', { count: constants.limits.searchMinChars }),
        }}
        onResolveSuggestions={(filter, selected) => {
          if (!searchable(filter)) return [];
          const typed = filter.trim();
          const taken = new Set((selected ?? []).map((tag) => String(tag.key).toLocaleLowerCase('tr')));
          const matches: ITag[] = known
            .filter((tag) => tag.toLocaleLowerCase('tr').includes(typed.toLocaleLowerCase('tr')) && !taken.has(tag.toLocaleLowerCase('tr')))
            .map((tag) => ({ key: tag, name: tag }));
          const exists = known.some((tag) => tag.toLocaleLowerCase('tr') === typed.toLocaleLowerCase('tr'));
          return exists || taken.has(typed.toLocaleLowerCase('tr')) ? matches : [{ key: typed, name: t('{tag} (new tag)', { tag: typed }) }, ...matches];
        }}
        onItemSelected={(item) => {
          if (item) add([String(item.key)]);
          return null;
        }}
        onChange={(items) => {
          // Removing a tag (the picker's own cross).
          const next = (items ?? []).map((item) => String(item.key));
          if (next.length < value.length) onChange(next);
        }}
        onInputChange={(input) => {
          if (!input.includes(',')) return input;
          const parts = input.split(',');
          add(parts.slice(0, -1));
          return parts[parts.length - 1]!;
        }}
      />
    </Stack>
  );
}

/** The interest: a list searched from 3 characters. */
function InterestField({ interests, value, onChange }: { interests: Interest[]; value: string | null; onChange(value: string | null): void }) {
  const [filter, setFilter] = useState('');
  const lang = useConsoleLang();
  const shown = searchable(filter)
    ? interests.filter((interest) => interestTitle(interest, lang).toLocaleLowerCase('tr').includes(filter.trim().toLocaleLowerCase('tr')))
    : interests;
  const options: IDropdownOption[] = [
    { key: '', text: t('No interest') },
    ...shown.map((interest) => ({ key: interest._id, text: interestTitle(interest, lang) })),
  ];
  return (
    <Stack tokens={{ childrenGap: 4 }}>
      <TextField label={t('Interest')} placeholder={t('Search interests')} value={filter} onChange={(_event, text) => setFilter(text ?? '')} />
      <Dropdown
        ariaLabel={t('Interest')}
        options={options}
        selectedKey={value ?? ''}
        onChange={(_event, option) => onChange(option?.key ? String(option.key) : null)}
      />
    </Stack>
  );
}

/** The slug: generated from the title until a writer changes it, fixed once published; its availability is checked as it changes. */
function SlugField({ editor, published, editable }: { editor: StoryEditor; published: boolean; editable: boolean }) {
  const { draft, state } = editor;
  const titleEdited = state.fields.title !== (state.story?.title ?? '');
  const slugEdited = state.fields.slug !== (state.story?.slug ?? '');
  // What the server will make of the title while the writer has not set the slug.
  const shown = !published && titleEdited && !slugEdited ? slugify(state.fields.title, constants.stories.slugMax) : state.fields.slug;
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    setAvailable(null);
    if (!shown || published) return;
    const timer = setTimeout(() => {
      storyApi.slugAvailable(shown, state.story?._id).then(setAvailable, () => setAvailable(null));
    }, constants.debounces.listSearchMs);
    return () => clearTimeout(timer);
  }, [shown, published, state.story?._id]);
  // What the writer is typing ('nisan-' on the way to 'nisan-yagmuru'); the draft holds it as a slug.
  const [typing, setTyping] = useState<string | null>(null);
  const borderColor = available === null ? undefined : available ? theme.palette.green : theme.palette.redDark;
  return (
    <TextField
      label={t('Slug')}
      value={typing ?? shown}
      readOnly={published || !editable}
      description={published ? t('The slug cannot change once the story is published.') : available ? t('{slug} is available.', { slug: shown }) : undefined}
      errorMessage={available === false ? t('Slug already exists') : undefined}
      styles={{ fieldGroup: borderColor ? { borderColor } : undefined }}
      onBlur={() => setTyping(null)}
      onChange={(_event, value) => {
        const raw = (value ?? '')
          .toLowerCase()
          .replace(/[^a-z0-9-]+/g, '-')
          .replace(/-{2,}/g, '-')
          .replace(/^-/, '')
          .slice(0, constants.stories.slugMax);
        setTyping(raw);
        draft.edit({ slug: slugify(raw, constants.stories.slugMax) });
      }}
    />
  );
}

/** Keywords, separated by commas. */
function KeywordsField({ value, disabled, onChange }: { value: string[]; disabled: boolean; onChange(value: string[]): void }) {
  const [text, setText] = useState(value.join(', '));
  useEffect(() => {
    setText((current) =>
      current
        .split(',')
        .map((word) => word.trim())
        .filter(Boolean)
        .join(',') === value.join(',')
        ? current
        : value.join(', '),
    );
  }, [value]);
  return (
    <TextField
      label={t('Keywords')}
      placeholder={t('Separate keywords with commas')}
      value={text}
      readOnly={disabled}
      onChange={(_event, next) => {
        setText(next ?? '');
        onChange(
          (next ?? '')
            .split(',')
            .map((word) => word.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}
