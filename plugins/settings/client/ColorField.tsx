/** A colour setting: a swatch that opens Fluent's colour picker, and the hex code to type. */
import { Callout, ColorPicker, Stack, TextField, getColorFromString } from '@fluentui/react';
import { useId, useRef, useState } from 'react';
import { currentLang, intlLocale } from '../../../core/client/format';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';

export interface ColorFieldProps {
  label: string;
  value: string;
  onChange(hex: string): void;
  errorMessage?: string;
}

export function ColorField({ label, value, onChange, errorMessage }: ColorFieldProps) {
  const [open, setOpen] = useState(false);
  const swatch = useRef<HTMLButtonElement>(null);
  const id = useId();
  const color = getColorFromString(value);
  return (
    <Stack horizontal verticalAlign="end" tokens={{ childrenGap: 8 }}>
      <button
        ref={swatch}
        type="button"
        aria-label={t('Pick {label}', { label: label.toLocaleLowerCase(intlLocale[currentLang()]) })}
        className="mh-touch-target"
        onClick={() => setOpen((shown) => !shown)}
        style={{
          width: 32,
          height: 32,
          marginBottom: errorMessage ? 22 : 0,
          borderRadius: 4,
          border: `1px solid ${theme.palette.neutralSecondaryAlt}`,
          background: color ? value : theme.palette.white,
          cursor: 'pointer',
          flex: 'none',
        }}
      />
      <TextField
        id={id}
        label={label}
        value={value}
        onChange={(_, text) => onChange(text ?? '')}
        errorMessage={errorMessage}
        styles={{ root: { width: 160 } }}
      />
      {open ? (
        <Callout target={swatch} onDismiss={() => setOpen(false)} setInitialFocus role="dialog" ariaLabel={label}>
          <ColorPicker color={color ?? theme.palette.white} alphaType="none" onChange={(_, picked) => onChange(`#${picked.hex}`)} />
        </Callout>
      ) : null}
    </Stack>
  );
}
