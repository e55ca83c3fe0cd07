/**
 * A key (slug) with its availability checked as it is typed (GET /keys/check): '{key} is
 * available.' or 'The newsletter name {key} already exists.'.
 */
import { Text, TextField } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { call } from '../../../core/client/api';
import { theme } from '../../../core/client/theme';
import { constants } from '../../../core/shared/config';

export interface KeyFieldProps {
  label: string;
  model: 'Newsletter' | 'Publisher';
  /** The record's own id: its current key counts as available. */
  recordId: string;
  value: string;
  onChange(key: string): void;
  errorMessage?: string;
  takenText(key: string): string;
  /** The public address the key makes, e.g. '/n/'. */
  prefix: string;
}

type Availability = { key: string; available: boolean } | null;

export function KeyField({ label, model, recordId, value, onChange, errorMessage, takenText, prefix }: KeyFieldProps) {
  const [availability, setAvailability] = useState<Availability>(null);
  const key = value.trim().toLowerCase();

  useEffect(() => {
    if (key.length < 3) {
      setAvailability(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      call<{ available: boolean }>('get', 'keys/check', undefined, { model, key, _id: recordId })
        .then(({ msg }) => current && setAvailability({ key, available: msg === 'AVAILABLE' }))
        .catch(() => current && setAvailability(null));
    }, constants.debounces.listSearchMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, model, recordId]);

  const known = availability?.key === key ? availability : null;
  return (
    <div>
      <TextField
        label={label}
        prefix={prefix}
        value={value}
        onChange={(_, text) => onChange((text ?? '').toLowerCase())}
        errorMessage={errorMessage ?? (known && !known.available ? takenText(key) : undefined)}
      />
      {known?.available && !errorMessage ? (
        <Text variant="small" role="status" styles={{ root: { color: theme.palette.green } }}>{`${key} is available.`}</Text>
      ) : null}
    </div>
  );
}
