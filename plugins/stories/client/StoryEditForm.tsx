/**
 * The story's content (spec 001 section 2, Story editor). An article: pen name, status badge,
 * cover image (1200x800 recommended), title, subtitle and body. A bullet: the body alone, which
 * starts with the bullet marker. Read-only unless the story is a draft the user may edit.
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, Dropdown, PrimaryButton, Stack, TextField, type IDropdownOption } from '@fluentui/react';
import { useState } from 'react';
import { handleError } from '../../../core/client/errors';
import { ImageField } from '../../../core/client/ImageField';
import { StatusBadge } from '../../../core/client/list';
import { RichTextEditor } from '../../../core/client/rich-text';
import { resolveBadge } from '../../../core/shared/badges';
import { constants } from '../../../core/shared/config';
import { subtitleProblem } from '../rules';
import { storyApi, type PenName } from './story-api';
import type { StoryEditor } from './use-story-editor';
import { t, tMaybe } from '../../../core/client/words';

const addPenNameKey = '__add';

interface Props {
  editor: StoryEditor;
  authors: PenName[];
  onAuthorsChange(authors: PenName[]): void;
  /** False while the story is not a draft or the connection is lost. */
  editable: boolean;
  mayAddPenName: boolean;
}

export function StoryEditForm({ editor, authors, onAuthorsChange, editable, mayAddPenName }: Props) {
  const { draft, state } = editor;
  const { fields, type, story } = state;
  const [addingPenName, setAddingPenName] = useState(false);
  const body = (
    <RichTextEditor
      label={type === 'article' ? t('Body') : t('Bullet')}
      value={fields.body}
      placeholder={type === 'article' ? t('Write your story...') : t('Write your bullet...')}
      disabled={!editable}
      onChange={(html) => draft.edit({ body: html })}
      onControls={editor.bindBody}
    />
  );
  if (type === 'bullet') return <div className="story-edit bullet">{body}</div>;

  const penNameOptions: IDropdownOption[] = [
    ...authors.map((author) => ({ key: author._id, text: author.name })),
    ...(mayAddPenName ? [{ key: addPenNameKey, text: t('Add a pen name...') }] : []),
  ];
  const subtitleError = tMaybe(subtitleProblem(fields.subtitle, constants.stories.subtitleMin) ?? undefined);
  return (
    <Stack className="story-edit article" tokens={{ childrenGap: 16 }}>
      <Stack horizontal wrap verticalAlign="end" horizontalAlign="space-between" tokens={{ childrenGap: 16 }}>
        <Dropdown
          label={t('Pen name')}
          options={penNameOptions}
          selectedKey={fields.writer}
          disabled={!editable}
          styles={{ root: { minWidth: 'min(240px, 100%)' } }}
          onChange={(_event, option) => {
            if (option?.key === addPenNameKey) setAddingPenName(true);
            else if (option) draft.edit({ writer: String(option.key) });
          }}
        />
        {story ? <StatusBadge badge={resolveBadge('story', story.status)} /> : <StatusBadge badge={resolveBadge('story', { draft: true })} />}
      </Stack>
      <ImageField
        label={t('Cover image')}
        value={fields.image}
        onChange={(image) => editable && draft.edit({ image })}
        recommendedSize="1200 x 800 px"
        width={300}
        height={200}
      />
      <TextField
        label={t('Title')}
        value={fields.title}
        readOnly={!editable}
        onChange={(_event, value) => draft.edit({ title: value ?? '' })}
        placeholder={t('Title')}
        styles={{ field: { fontSize: 24, fontWeight: 600 } }}
      />
      <TextField
        label={t('Subtitle')}
        value={fields.subtitle}
        readOnly={!editable}
        onChange={(_event, value) => draft.edit({ subtitle: (value ?? '').replace(/^\s+/, '') })}
        placeholder={t('Subtitle')}
        errorMessage={subtitleError}
      />
      {body}
      {addingPenName ? (
        <AddPenNameDialog
          onDismiss={() => setAddingPenName(false)}
          onAdded={(penName) => {
            onAuthorsChange([...authors, penName].sort((a, b) => a.name.localeCompare(b.name, 'tr')));
            draft.edit({ writer: penName._id });
            setAddingPenName(false);
          }}
        />
      ) : null}
    </Stack>
  );
}

function AddPenNameDialog({ onDismiss, onAdded }: { onDismiss(): void; onAdded(penName: PenName): void }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      onAdded((await storyApi.addPenName(name)).data);
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog hidden={false} onDismiss={onDismiss} dialogContentProps={{ type: DialogType.normal, title: t('Add a pen name') }}>
      <TextField label={t('Pen name')} value={name} onChange={(_event, value) => setName(value ?? '')} autoFocus />
      <DialogFooter>
        <DefaultButton text={t('CANCEL')} onClick={onDismiss} disabled={busy} />
        <PrimaryButton text={t('ADD')} onClick={() => void add()} disabled={busy || name.trim().length < 2} />
      </DialogFooter>
    </Dialog>
  );
}
