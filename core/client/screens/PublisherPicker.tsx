/** The admin's publisher picker: a searchable list and SELECT. Also /admin/publishers/ (Change Publisher). */
import { ComboBox, DefaultButton, PrimaryButton, Stack, type IComboBoxOption } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { PublisherRef } from '../../../schemas/generated/entities/user';
import { authEndpoints } from '../../shared/endpoints/auth';
import { call } from '../api';
import { handleError } from '../errors';
import { choosePublisher, signOut } from '../session';
import { adminPublishersAtom } from '../stores';
import { SignedOutLayout } from './SignedOutLayout';
import { t } from '../words';

export default function PublisherPicker({ changing = false }: { changing?: boolean }) {
  const required = useAtomValue(adminPublishersAtom);
  const [publishers, setPublishers] = useState<PublisherRef[]>(required ?? []);
  const [selected, setSelected] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();

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
      </Stack>
    </SignedOutLayout>
  );
}
