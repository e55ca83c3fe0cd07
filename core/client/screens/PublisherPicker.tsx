/**
 * The admin's publisher picker: a searchable list and SELECT. Also /admin/publishers/ (Change
 * Publisher). Below, the admin brings in a publisher file another Masthead wrote
 * (POST /publishers/import): the publisher joins the list, chosen.
 */
import { ActionButton, ComboBox, DefaultButton, PrimaryButton, Stack, Text, type IComboBoxOption } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { PublisherRef } from '../../../schemas/generated/entities/user';
import { authEndpoints } from '../../shared/endpoints/auth';
import { publisherDataEndpoints } from '../../shared/endpoints/publishers';
import { call, upload } from '../api';
import { handleError } from '../errors';
import { choosePublisher, signOut } from '../session';
import { adminPublishersAtom } from '../stores';
import { toast } from '../toasts';
import { SignedOutLayout } from './SignedOutLayout';
import { t } from '../words';

export default function PublisherPicker({ changing = false }: { changing?: boolean }) {
  const required = useAtomValue(adminPublishersAtom);
  const [publishers, setPublishers] = useState<PublisherRef[]>(required ?? []);
  const [selected, setSelected] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    if (required) return setPublishers(required);
    // Change Publisher: the admin holds a publisher already, so verification gave no list: ask for it.
    call(authEndpoints.publishers)
      .then(({ data }) => setPublishers(data.publishers))
      .catch(handleError);
  }, [required]);

  const options = useMemo<IComboBoxOption[]>(() => publishers.map((publisher) => ({ key: publisher._id, text: publisher.title })), [publishers]);

  const select = async () => {
    if (!selected) return;
    setBusy(true);
    const ok = await choosePublisher(selected);
    setBusy(false);
    if (ok) navigate('/', { replace: true });
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setImporting(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const { data } = await upload(publisherDataEndpoints.import, form);
      setPublishers((current) => [...current, { _id: data.publisher.id, title: data.publisher.title }]);
      setSelected(data.publisher.id);
      toast('success', 'Success!', t('{title} is imported.', { title: data.publisher.title }));
    } catch (error) {
      handleError(error);
    } finally {
      setImporting(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <SignedOutLayout title={changing ? t('Change Publisher') : t('Choose a publisher')} subtitle={t('Pick the publisher you want to work in.')}>
      <Stack tokens={{ childrenGap: 12 }}>
        <ComboBox
          label={t('Publisher')}
          placeholder={t('Search publishers...')}
          options={options}
          selectedKey={selected ?? null}
          allowFreeform={false}
          autoComplete="on"
          useComboBoxAsMenuWidth
          openOnKeyboardFocus
          onChange={(_, option) => setSelected(option ? String(option.key) : undefined)}
        />
        <Stack horizontal horizontalAlign="space-between">
          {changing ? <DefaultButton text={t('Cancel')} onClick={() => history.back()} /> : <DefaultButton text={t('Logout')} onClick={signOut} />}
          <PrimaryButton text={t('SELECT')} disabled={!selected || busy} onClick={select} />
        </Stack>
        <Stack tokens={{ childrenGap: 4 }} style={{ marginTop: 12 }}>
          <ActionButton
            iconProps={{ iconName: 'CloudImportExport' }}
            text={importing ? t('Importing the publisher...') : t('Import a publisher file')}
            disabled={importing}
            onClick={() => fileInput.current?.click()}
          />
          <Text variant="small">{t("A publisher file from another Masthead (its director downloads it from the publisher's credentials).")}</Text>
          <input
            ref={fileInput}
            type="file"
            accept=".zip,application/zip"
            hidden
            aria-label={t('Import a publisher file')}
            onChange={(event) => void importFile(event.target.files?.[0])}
          />
        </Stack>
      </Stack>
    </SignedOutLayout>
  );
}
