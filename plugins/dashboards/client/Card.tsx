/** The newsletter and publisher cards: image, title, texts, a link to the public page and extra rows. */
import { Image, ImageFit, Link, Stack, Text } from '@fluentui/react';
import type { ReactNode } from 'react';
import { theme } from '../../../core/client/theme';

export function ScopeCard({
  image,
  title,
  subtitle,
  text,
  publicPath,
  children,
}: {
  image: string;
  title: string;
  subtitle?: string;
  text?: string;
  publicPath: string;
  children?: ReactNode;
}) {
  return (
    // The picture beside the text, or above it where the panel is narrow; long addresses break.
    <Stack horizontal wrap tokens={{ childrenGap: 20 }} styles={{ root: { overflowWrap: 'anywhere' } }}>
      <Image
        src={image}
        alt={title}
        width={120}
        height={120}
        imageFit={ImageFit.cover}
        styles={{ root: { borderRadius: 8, flex: 'none', background: theme.palette.neutralLighter } }}
      />
      <Stack tokens={{ childrenGap: 6 }} styles={{ root: { minWidth: 0, flex: '1 1 180px' } }}>
        <Text as="h2" variant="xLarge" style={{ fontWeight: 600, margin: 0 }}>
          {title}
        </Text>
        {subtitle ? <Text styles={{ root: { fontWeight: 600, color: theme.semanticColors.softText } }}>{subtitle}</Text> : null}
        {text ? <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>{text}</Text> : null}
        {children}
        <Link href={publicPath} target="_blank" rel="noopener noreferrer">{`${window.location.host}${publicPath}`}</Link>
      </Stack>
    </Stack>
  );
}
