/**
 * A picture, or initials on a colour when there is none, beside a name and a second line: the top
 * bar's user and the scope switcher. Fluent's Persona drew the same at some 5 KB of gzip in the
 * first screen after sign-in (design.md section 6 gives it 200 KB in all).
 *
 * The initials are always the shown name's own (issue 55: a new director read 'SK', another
 * person's): the grey silhouette a profile starts with (the onboarding's and the demo's
 * avatar-default.svg) is no picture of anyone, so the person's initials stand in its place.
 */
import type { CSSProperties } from 'react';
import { initials } from '../../shared/text';
import { theme } from '../theme';

export interface AvatarProps {
  image?: string;
  text: string;
  secondaryText?: string;
  /** The picture's side in pixels. */
  size: number;
  /** The picture alone (a narrow top bar): the name is still its accessible text. */
  hideText?: boolean;
}

/** The silhouette a profile has before its owner picks a picture (WelcomePage, the demo's team). */
const placeholderPicture = /^(?:https?:\/\/[^/]+)?\/(?:demo\/)?avatar-default\.svg(?:[?#].*)?$/;

/** The person's own picture, or undefined when there is none (nothing, or only the placeholder silhouette). */
export function ownPicture(image: string | null | undefined): string | undefined {
  return image && !placeholderPicture.test(image) ? image : undefined;
}

const oneLine: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

/** Fluent's initials colours, picked by the name so that a name keeps its colour. */
const coinColours = ['#0078d4', '#8764b8', '#038387', '#ca5010', '#498205', '#c239b3', '#986f0b', '#004e8c'];

function colourOf(text: string): string {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return coinColours[Math.abs(hash) % coinColours.length]!;
}

export function Avatar({ image, text, secondaryText, size, hideText }: AvatarProps) {
  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: 8, flex: 1, minWidth: 0 }}>
      <AvatarPicture image={image} text={text} size={size} />
      <span
        className={hideText ? 'mh-visually-hidden' : undefined}
        style={{ display: 'flex', flexDirection: 'column', minWidth: 0, textAlign: 'left', lineHeight: 1.3 }}
      >
        <span style={{ ...oneLine, fontSize: 14, color: theme.palette.neutralPrimary }}>{text}</span>
        {secondaryText ? <span style={{ ...oneLine, fontSize: 12, color: theme.palette.neutralSecondary }}>{secondaryText}</span> : null}
      </span>
    </span>
  );
}

/** The picture alone: the image, or the name's initials on its colour. */
export function AvatarPicture({ image, text, size }: Pick<AvatarProps, 'image' | 'text' | 'size'>) {
  const round: CSSProperties = { width: size, height: size, borderRadius: '50%', flex: 'none' };
  const picture = ownPicture(image);
  return picture ? (
    <img src={picture} alt="" width={size} height={size} style={{ ...round, objectFit: 'cover' }} />
  ) : (
    <span
      aria-hidden
      data-testid="avatar-initials"
      style={{
        ...round,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: colourOf(text),
        color: '#ffffff',
        fontSize: Math.round(size * 0.4),
        fontWeight: 600,
      }}
    >
      {initials(text)}
    </span>
  );
}
