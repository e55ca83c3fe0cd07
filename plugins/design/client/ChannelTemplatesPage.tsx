/**
 * /newsletters/show/:newsletterId/channels (spec 002 sections 2.6, 4 and 5): the newsletter's
 * channel templates, which 'New Issue' offers. NEW TEMPLATE adds one; each card reorders, adds and
 * deletes channels, and its menu makes it the default, renames it (a title no other template has)
 * or deletes it (the first remaining becomes the default when the default goes; the only one
 * stays). Every edit is saved once the page is quiet, except while a channel name is used twice in
 * a template: that is shown in red until it is fixed.
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton, Spinner, Stack, TextField } from '@fluentui/react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { handleError } from '../../../core/client/errors';
import { ConfirmDialog, PageHeader } from '../../../core/client/page-parts';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import type { ChannelTemplate } from '../../../schemas/generated/entities/channel-template';
import { checkTemplates, freeTemplateTitle, makeDefault, onlyTemplateMessage, removeTemplate, templateTitleFree, type TemplateInput } from '../rules';
import { SaveStatus, useAutosave } from './autosave';
import { designApi } from './design-api';
import { TemplateEditor } from './TemplateEditor';

const { templatesMax, templateTitleMax, saveDebounceMs } = constants.design;

/** A stored template as the page edits it (its place is its position in the list). */
const toInput = ({ _id, title, default: isDefault, channels }: ChannelTemplate): TemplateInput => ({ _id, title, default: isDefault, channels });

/**
 * After a save, templates created meanwhile get the ids the server gave them (found by title,
 * which is unique), so the next save updates them instead of adding them again.
 */
function withStoredIds(current: TemplateInput[], stored: TemplateInput[]): TemplateInput[] {
  const key = (title: string) => title.trim().toLocaleLowerCase('tr');
  return current.map((template) => {
    if (template._id) return template;
    const match = stored.find((other) => key(other.title) === key(template.title));
    return match?._id ? { ...template, _id: match._id } : template;
  });
}

export default function ChannelTemplatesPage() {
  const { newsletterId } = useParams<{ newsletterId: string }>();
  // A page per newsletter: switching newsletters starts afresh, nothing of one is saved into another.
  return <ChannelTemplates key={newsletterId} newsletterId={newsletterId} />;
}

function ChannelTemplates({ newsletterId }: { newsletterId: string }) {
  const [templates, setTemplates] = useState<TemplateInput[] | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const cards = useRef<HTMLDivElement>(null);
  /**
   * Each card's React key, kept beside the list: a new template keeps its card (and what is being
   * typed in it) when the server's id for it arrives.
   */
  const keys = useRef<string[]>([]);
  const keyCount = useRef(0);
  const newKey = () => `template-${keyCount.current++}`;
  /** A new template's card is brought into view and its channel field focused. */
  const [revealIndex, setRevealIndex] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    designApi.newsletter(newsletterId).then(
      (newsletter) => {
        if (!live) return;
        keys.current = newsletter.channelTemplates.map(newKey);
        setTemplates(newsletter.channelTemplates.map(toInput));
      },
      (error: unknown) => (live ? handleError(error) : undefined),
    );
    return () => {
      live = false;
    };
  }, [newsletterId]);

  const problems = templates ? checkTemplates(templates).problems : [];
  const state = useAutosave({
    value: templates,
    delayMs: saveDebounceMs,
    blocked: problems.length > 0,
    save: async (edited) => (await designApi.saveTemplates(newsletterId, edited)).map(toInput),
    onSaved: (stored, sent) => setTemplates((current) => (current === sent ? stored : current && withStoredIds(current, stored))),
  });

  useEffect(() => {
    if (revealIndex === null) return;
    const card = cards.current?.children[revealIndex];
    card?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    card?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
    setRevealIndex(null);
  }, [revealIndex]);

  if (!templates) return <Spinner label={t('Loading...')} style={{ marginTop: 48 }} />;

  const change = (index: number) => (template: TemplateInput) => setTemplates(templates.map((other, at) => (at === index ? template : other)));
  const addTemplate = () => {
    keys.current = [...keys.current, newKey()];
    // A new template's first name is in the console's language; the user renames it at will.
    setTemplates([...templates, { title: freeTemplateTitle(templates, t('New Template')), default: false, channels: [] }]);
    setRevealIndex(templates.length);
  };
  const askToDelete = (index: number) => {
    // The only template stays: an issue always has one to start from (spec 002 section 4).
    if (templates.length <= 1) toast('error', 'Error!', onlyTemplateMessage);
    else setDeleting(index);
  };

  return (
    <Stack tokens={{ childrenGap: 20 }} style={{ maxWidth: 760 }}>
      <PageHeader title={t('Channel Templates')}>
        <SaveStatus state={state} />
        <PrimaryButton text={t('NEW TEMPLATE')} iconProps={{ iconName: 'Add' }} disabled={templates.length >= templatesMax} onClick={addTemplate} />
      </PageHeader>

      <div ref={cards} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        {templates.map((template, index) => (
          <TemplateEditor
            key={keys.current[index] ?? index}
            template={template}
            onChange={change(index)}
            menu={{
              onMakeDefault: () => setTemplates(makeDefault(templates, index)),
              onRename: () => setRenaming(index),
              onDelete: () => askToDelete(index),
            }}
          />
        ))}
      </div>

      {renaming !== null && templates[renaming] ? (
        <RenameDialog
          templates={templates}
          index={renaming}
          onRename={(title) => {
            setTemplates(templates.map((template, at) => (at === renaming ? { ...template, title } : template)));
            setRenaming(null);
          }}
          onDismiss={() => setRenaming(null)}
        />
      ) : null}

      {deleting !== null && templates[deleting] ? (
        <ConfirmDialog
          title={t('Delete Template')}
          text={t('{title} will be deleted. Issues made from it keep their channels.', { title: templates[deleting].title })}
          action={t('DELETE')}
          onConfirm={async () => {
            keys.current = keys.current.filter((_, at) => at !== deleting);
            setTemplates(removeTemplate(templates, deleting));
            setDeleting(null);
          }}
          onDismiss={() => setDeleting(null)}
        />
      ) : null}
    </Stack>
  );
}

/** The template's title, refused when another template has it (spec 002 section 5). */
function RenameDialog({
  templates,
  index,
  onRename,
  onDismiss,
}: {
  templates: TemplateInput[];
  index: number;
  onRename(title: string): void;
  onDismiss(): void;
}) {
  const [title, setTitle] = useState(templates[index]?.title ?? '');
  const [error, setError] = useState<string | undefined>();
  const trimmed = title.trim();
  const submit = () => {
    if (!trimmed) return;
    if (!templateTitleFree(templates, trimmed, index)) setError(t('A template named {title} already exists.', { title: trimmed }));
    else onRename(trimmed);
  };
  return (
    <Dialog
      hidden={false}
      onDismiss={onDismiss}
      dialogContentProps={{ type: DialogType.normal, title: t('Rename Template') }}
      modalProps={{ isBlocking: false }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t('Title')}
          autoFocus
          required
          value={title}
          maxLength={templateTitleMax}
          errorMessage={error}
          onChange={(_event, text) => {
            setTitle(text ?? '');
            setError(undefined);
          }}
        />
        <DialogFooter>
          <DefaultButton text={t('CANCEL')} onClick={onDismiss} />
          <PrimaryButton type="submit" text={t('RENAME')} disabled={!trimmed} />
        </DialogFooter>
      </form>
    </Dialog>
  );
}
