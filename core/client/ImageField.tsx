/**
 * An image setting (a profile picture, a newsletter logo, a cover): the current image and a button
 * that opens the image picker an enabled plugin provides. Without one, the image is only shown.
 */
import { DefaultButton, Image, ImageFit, Stack, Text } from '@fluentui/react';
import { Suspense, useState } from 'react';
import { imagePickerRef } from './refs';
import { componentOf } from './registry';
import { theme } from './theme';
import { t } from './words';

export interface ImageFieldProps {
  label: string;
  /** The image's address; '' when none is chosen. */
  value: string;
  onChange(path: string): void;
  errorMessage?: string;
  /** e.g. '1200 x 500 px', shown in the picker. */
  recommendedSize?: string;
  /** The preview's shape. */
  width?: number;
  height?: number;
  round?: boolean;
  /** Marked as a required field is: an asterisk, and '(required)' for screen readers. */
  required?: boolean;
}

export function ImageField({
  label,
  value,
  onChange,
  errorMessage,
  recommendedSize,
  width = 120,
  height = 120,
  round = false,
  required = false,
}: ImageFieldProps) {
  const [picking, setPicking] = useState(false);
  const Picker = componentOf(imagePickerRef);
  return (
    <Stack tokens={{ childrenGap: 6 }}>
      <Text variant="small" styles={{ root: { fontWeight: 600 } }}>
        {label}
        {required ? (
          <>
            <span aria-hidden style={{ color: theme.semanticColors.errorText }}>
              {' *'}
            </span>
            <span className="mh-visually-hidden"> {t('(required)')}</span>
          </>
        ) : null}
      </Text>
      <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 12 }}>
        {/* Its size, or the width there is at that shape on a narrow screen. */}
        <div
          style={{
            width,
            maxWidth: '100%',
            aspectRatio: `${width} / ${height}`,
            borderRadius: round ? '50%' : 4,
            overflow: 'hidden',
            background: theme.palette.neutralLighter,
            flex: 'none',
          }}
        >
          {value ? <Image src={value} alt={label} width="100%" height="100%" imageFit={ImageFit.cover} /> : null}
        </div>
        {Picker ? (
          <DefaultButton text={value ? t('Change Image') : t('Select Image')} iconProps={{ iconName: 'Photo2' }} onClick={() => setPicking(true)} />
        ) : null}
      </Stack>
      {errorMessage ? (
        <span role="alert" style={{ color: theme.semanticColors.errorText, fontSize: 12 }}>
          {errorMessage}
        </span>
      ) : null}
      {Picker && picking ? (
        <Suspense fallback={null}>
          <Picker
            recommendedSize={recommendedSize}
            onDismiss={() => setPicking(false)}
            onSelect={(image) => {
              onChange(image.sizes.medium || image.path);
              setPicking(false);
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
