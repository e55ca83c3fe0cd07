/**
 * The collection wizard, /collections/create (spec 001 section 2, Collections; section 4, Collection
 * wizard): stage 0 asks for the image, title, description and key (checked as it is typed; NEXT
 * waits for a free one), and admins choose the collection's type; stage 1 fills and arranges the
 * items; stage 2 shows the collection as it will be published, and PUBLISH creates it. Those who
 * may not publish (editors) save it as a draft for an admin or director to publish. ?parent&model
 * make it a newsletter's collection; without them it is the current scope's. Close and PUBLISH go
 * to /.
 */
import { ChoiceGroup, DefaultButton, mergeStyleSets, PrimaryButton, Stack, Text } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { byField, useBusy } from '../../../core/client/forms';
import { handleError } from '../../../core/client/errors';
import { useCan } from '../../../core/client/permissions';
import { currentScopeAtom } from '../../../core/client/stores';
import { useWizardStart, WizardFrame } from '../../../core/client/wizard-frame';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { slugify } from '../../../core/shared/text';
import { collectionMessages, collectionProblems } from '../rules';
import { childrenRefLabels, collectionApi, dashboardPath, type ChildrenRef, type CollectionFields, type CollectionItem } from './collection-api';
import { AboutFields, errorsAfter } from './AboutFields';
import { CollectionPreview } from './CollectionPreview';
import { ItemBrowser, ItemOrder, toggled } from './items';
import { formatNumber } from '../../../core/client/format';
import { t, tMaybe } from '../../../core/client/words';

type Stage = 0 | 1 | 2;
/** In English: shown through `t`. */
const stageTitles: Record<Stage, string> = { 0: 'About the collection', 1: 'Items', 2: 'Publish' };
const stageFields: Record<Stage, string[]> = { 0: ['image', 'title', 'description', 'key'], 1: ['children'], 2: [] };

const classes = mergeStyleSets({
  columns: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(320px, 100%), 1fr))', gap: 24, alignItems: 'start' },
  error: { color: theme.semanticColors.errorText },
});

interface Draft {
  image: string;
  title: string;
  description: string;
  key: string;
  /** Whether the key was typed by hand; until then it follows the title. */
  keyTyped: boolean;
  childrenRef: ChildrenRef;
  items: CollectionItem[];
}

const emptyDraft: Draft = { image: '', title: '', description: '', key: '', keyTyped: false, childrenRef: 'Story', items: [] };

/** The owner of the new collection: ?parent&model, else the current newsletter, else the publisher. */
function useOwner(): { parent?: string; model?: 'Newsletter' | 'Publisher' } {
  const query = new URLSearchParams(useSearch());
  const scope = useAtomValue(currentScopeAtom);
  const parent = query.get('parent');
  if (parent) return { parent, model: query.get('model') === 'Newsletter' ? 'Newsletter' : 'Publisher' };
  if (scope?.type === 'newsletter') return { parent: scope._id, model: 'Newsletter' };
  return {};
}

export default function CollectionWizardPage() {
  const [, navigate] = useLocation();
  const can = useCan();
  const owner = useOwner();
  const [types, setTypes] = useState<ChildrenRef[] | null>(null);
  const [stage, setStage] = useState<Stage>(0);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [keyFree, setKeyFree] = useState<boolean | null>(null);
  const { busy, run } = useBusy();
  const mayPublish = can('collections.publish');

  const start = useWizardStart(async () => {
    const form = await collectionApi.form();
    setTypes(form.data.childrenRefs);
    setDraft((current) => ({ ...current, childrenRef: form.body.childrenRef ?? 'Story' }));
  });

  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => errorsAfter(current, patch));
  };
  const setTitle = (title: string) => change(draft.keyTyped ? { title } : { title, key: slugify(title) });

  const fields = (): CollectionFields => ({
    image: draft.image,
    title: draft.title,
    description: draft.description,
    key: draft.key,
    childrenRef: draft.childrenRef,
    children: draft.items.map((item) => item._id),
    ...owner,
    ...(mayPublish ? { status: { published: true } } : {}),
  });

  const next = async () => {
    const problems = collectionProblems(fields()).filter((problem) => stageFields[stage].includes(problem.path));
    if (problems.length > 0) return setErrors(byField(problems));
    // A key the field has not heard about yet is asked about now.
    if (stage === 0 && keyFree !== true) {
      try {
        const free = await collectionApi.keyAvailable(draft.key.trim().toLowerCase());
        setKeyFree(free);
        if (!free) return setErrors({ key: collectionMessages.keyTaken });
      } catch (error) {
        return handleError(error);
      }
    }
    setStage((stage + 1) as Stage);
  };

  const publish = () =>
    run(async () => {
      const { data, msg } = await collectionApi.create(fields());
      toast('success', 'Success!', msg ?? collectionMessages.created);
      // The wizard ends on what it made.
      navigate(dashboardPath(data._id));
    });

  const toggle = (item: CollectionItem) => change({ items: toggled(draft.items, item) });

  const typeTexts = childrenRefLabels[draft.childrenRef];
  const content = (() => {
    if (stage === 0)
      return (
        <Stack tokens={{ childrenGap: 16 }}>
          <AboutFields
            values={draft}
            errors={errors}
            // Not created yet: no record of its own to leave out of the check.
            recordId=""
            change={change}
            onTitle={setTitle}
            onKey={(key) => change({ key, keyTyped: true })}
            onAvailability={setKeyFree}
          />
          {can('collections.curate') && types && types.length > 1 ? (
            <ChoiceGroup
              label={t('Collection type')}
              selectedKey={draft.childrenRef}
              options={types.map((type) => ({ key: type, text: t(childrenRefLabels[type].many) }))}
              // Items of the other type would not belong: changing the type starts the items again.
              onChange={(_event, option) => option && change({ childrenRef: option.key as ChildrenRef, items: [] })}
            />
          ) : null}
        </Stack>
      );
    if (stage === 1)
      return (
        <Stack tokens={{ childrenGap: 12 }}>
          <Text styles={{ root: { color: theme.semanticColors.strongSubtext } }}>{t(typeTexts.intro)}</Text>
          {errors.children ? (
            <Text role="alert" className={classes.error}>
              {tMaybe(errors.children)}
            </Text>
          ) : null}
          <div className={classes.columns}>
            <ItemBrowser model={draft.childrenRef} chosen={draft.items.map((item) => item._id)} onToggle={toggle} />
            <Stack tokens={{ childrenGap: 8 }}>
              <Text variant="mediumPlus" styles={{ root: { fontWeight: 600 } }}>
                {t('In the collection ({count})', { count: formatNumber(draft.items.length) })}
              </Text>
              <ItemOrder
                label={t('Items of the collection')}
                items={draft.items}
                onChange={(items) => change({ items })}
                emptyText={t(typeTexts.noneFromList)}
              />
            </Stack>
          </div>
        </Stack>
      );
    return (
      <Stack tokens={{ childrenGap: 12 }}>
        <CollectionPreview image={draft.image} title={draft.title} description={draft.description} items={draft.items} />
        {mayPublish ? null : (
          <Text styles={{ root: { color: theme.semanticColors.strongSubtext } }}>
            {t('The collection is saved as a draft: an admin or a director of your publisher publishes it.')}
          </Text>
        )}
      </Stack>
    );
  })();

  return (
    <WizardFrame
      title={t('Create a Collection')}
      closeLabel={t('Close')}
      onClose={() => navigate('/')}
      width={stage === 1 ? 1040 : 720}
      step={stage + 1}
      steps={3}
      stage={stage}
      stageTitle={t(stageTitles[stage])}
      id="collection"
      start={start}
      back={
        stage > 0 ? <DefaultButton text={t('BACK')} iconProps={{ iconName: 'Back' }} onClick={() => setStage((stage - 1) as Stage)} disabled={busy} /> : null
      }
      actions={
        stage < 2 ? (
          // A key known to be taken keeps the wizard here.
          <PrimaryButton text={t('NEXT')} onClick={() => void next()} disabled={stage === 0 && keyFree === false} />
        ) : (
          <PrimaryButton text={mayPublish ? t('PUBLISH') : t('SAVE AS DRAFT')} onClick={() => void publish()} disabled={busy} />
        )
      }
    >
      {content}
    </WizardFrame>
  );
}
