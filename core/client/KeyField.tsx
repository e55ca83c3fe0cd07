/**
 * A key (slug) with its availability checked as it is typed (GET /keys/check): '{key} is
 * available.' or what the caller says of a taken one ('The newsletter name {key} already
 * exists.'). Newsletters, publishers and collections have one.
 */
import { Text, TextField } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { constants } from '../shared/config';
import { keyEndpoints } from '../shared/endpoints/keys';
import { call } from './api';
import { theme } from './theme';
import { t } from './words';

export interface KeyFieldProps {
  label: string;
  model: 'Newsletter' | 'Publisher' | 'Collection';
  /** The record's own id: its current key counts as available ('' for a new one). */
  recordId: string;
  value: string;
  onChange(key: string): void;
  errorMessage?: string;
  takenText(key: string): string;
  /** The public address the key makes, e.g. '/n/'; none when the key is a name only. */
  prefix?: string;
  /** Told what is known of the key as it changes: free, taken, or not known yet (null). */
  onAvailability?(available: boolean | null): void;
}

type Availability = { key: string; available: boolean } | null;

export function KeyField({ label, model, recordId, value, onChange, errorMessage, takenText, prefix, onAvailability }: KeyFieldProps) {
  const [availability, setAvailability] = useState<Availability>(null);
  const key = value.trim().toLowerCase();

  useEffect(() => {
    if (key.length < 3) {
      setAvailability(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      call(keyEndpoints.check, { query: { model, key, _id: recordId } })
        .then(({ msg }) => current && setAvailability({ key, available: msg === 'AVAILABLE' }))
        .catch(() => current && setAvailability(null));
    }, constants.debounces.listSearchMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, model, recordId]);

  const known = availability?.key === key ? availability : null;
  const answer = known ? known.available : null;
  useEffect(() => onAvailability?.(answer), [answer, onAvailability]);
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
        <Text variant="small" role="status" styles={{ root: { color: theme.palette.green } }}>
          {t('{key} is available.', { key })}
        </Text>
      ) : null}
    </div>
  );
}
