/**
 * The collection edit page, /collections/show/{collectionId}/edit (spec 001 section 2,
 * Collections): image, title, description, the key with its availability, the items (Move Up,
 * Move Down, Go to URL, Remove, or dragged), Add, SAVE and Back to Dashboard. Admins also decide
 * whether the collection is featured (on its owner's public page) and indexed (open to search
 * engines). The spec's rules are checked before SAVE; a refused save keeps what was typed.
 */
import { DefaultButton, Link, PrimaryButton, Spinner, Stack, Text, Toggle } from '@fluentui/react';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouteLink, useLocation, useParams } from 'wouter';
import { byField, useBusy } from '../../../core/client/forms';
import { handleError } from '../../../core/client/errors';
import { EmptyState, PageHeader } from '../../../core/client/page-parts';
import { useCan } from '../../../core/client/permissions';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { collectionMessages, collectionProblems } from '../rules';
import {
  childrenRefLabels,
  collectionApi,
  dashboardPath,
  fieldsOf,
  type CollectionFields,
  type CollectionItem,
  type CollectionWithItems,
} from './collection-api';
import { AboutFields, errorsAfter } from './AboutFields';
import { AddItemsDialog, ItemOrder, toggled } from './items';
import { t, tMaybe } from '../../../core/client/words';

interface Form {
  image: string;
  title: string;
  description: string;
  key: string;
  items: CollectionItem[];
  featured: boolean;
  indexed: boolean;
}

/** The admins' switches: a collection shown on its owner's public page, and one open to search engines (texts in English, shown through `t`). */
const curation = [
  { key: 'featured', label: 'Featured', onText: "On its owner's public page" },
  { key: 'indexed', label: 'Indexed', onText: 'Open to search engines' },
] as const;

const formOf = (collection: CollectionWithItems): Form => ({
  image: collection.image,
  title: collection.title,
  description: collection.description,
  key: collection.key,
  items: collection.children,
  featured: collection.status.featured,
  indexed: collection.status.indexed,
});

export default function CollectionEditPage() {
  const { collectionId } = useParams<{ collectionId: string }>();
  const [, navigate] = useLocation();
  const can = useCan();
  const [collection, setCollection] = useState<CollectionWithItems | null>(null);
  const [missing, setMissing] = useState(false);
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);
  const { busy: saving, run } = useBusy();
  const mayCurate = can('collections.curate');

  const load = useCallback(async () => {
    try {
      const found = await collectionApi.fetch(collectionId);
      setCollection(found);
      setForm(formOf(found));
    } catch (error) {
      setMissing(true);
      await handleError(error);
    }
  }, [collectionId]);
  useEffect(() => void load(), [load]);

  if (!collection || !form) return missing ? <EmptyState title={t('The collection could not be found.')} /> : <Spinner label={t('Loading...')} />;

  const change = (patch: Partial<Form>) => {
    setForm({ ...form, ...patch });
    setErrors((current) => errorsAfter(current, patch));
  };
  const label = childrenRefLabels[collection.childrenRef];

  const fields = (): CollectionFields =>
    fieldsOf(collection, {
      image: form.image,
      title: form.title,
      description: form.description,
      key: form.key,
      children: form.items.map((item) => item._id),
      ...(mayCurate ? { status: { featured: form.featured, indexed: form.indexed } } : {}),
    });

  const save = async () => {
    const problems = collectionProblems(fields());
    if (problems.length > 0) return setErrors(byField(problems));
    await run(async () => {
      const { msg } = await collectionApi.save(collection._id, fields());
      toast('success', 'Success!', msg ?? collectionMessages.saved);
      navigate(dashboardPath(collection._id));
    });
  };

  return (
    <Stack tokens={{ childrenGap: 24 }} styles={{ root: { maxWidth: 820 } }}>
      <RouteLink href={dashboardPath(collection._id)} asChild>
        <Link>{t('Back to Dashboard')}</Link>
      </RouteLink>
      <PageHeader title={t('Edit Collection')}>
        <PrimaryButton text={t('SAVE')} onClick={() => void save()} disabled={saving} />
      </PageHeader>
      <Stack tokens={{ childrenGap: 16 }} styles={{ root: { background: theme.palette.white, borderRadius: 8, padding: 24 } }}>
        <AboutFields values={form} errors={errors} recordId={collection._id} change={change} />
        {mayCurate ? (
          <Stack horizontal tokens={{ childrenGap: 32 }}>
            {curation.map(({ key, label, onText }) => (
              <Toggle
                key={key}
                label={t(label)}
                onText={t(onText)}
                offText={t('Off')}
                checked={form[key]}
                onChange={(_event, on) => change({ [key]: Boolean(on) })}
              />
            ))}
          </Stack>
        ) : null}
      </Stack>
      <Stack tokens={{ childrenGap: 8 }}>
        <Stack horizontal horizontalAlign="space-between" verticalAlign="center">
          <Text as="h2" variant="xLarge" styles={{ root: { fontWeight: 600, margin: 0 } }}>
            {t(label.many)}
          </Text>
          <DefaultButton text={t('Add')} iconProps={{ iconName: 'Add' }} onClick={() => setAdding(true)} />
        </Stack>
        {errors.children ? (
          <Text role="alert" styles={{ root: { color: theme.semanticColors.errorText } }}>
            {tMaybe(errors.children)}
          </Text>
        ) : null}
        <ItemOrder label={t(label.ofCollection)} items={form.items} onChange={(items) => change({ items })} emptyText={t(label.noneAddSome)} />
      </Stack>
      {adding ? (
        <AddItemsDialog
          model={collection.childrenRef}
          chosen={form.items.map((item) => item._id)}
          onToggle={(item) => change({ items: toggled(form.items, item) })}
          onDismiss={() => setAdding(false)}
        />
      ) : null}
    </Stack>
  );
}
