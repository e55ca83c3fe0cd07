/** Key figures (an issue's opens and clicks, the weekly spotlight): tiles of a label, a large number and a line under it. */
import { Text } from '@fluentui/react';
import type { CSSProperties, ReactNode } from 'react';
import { theme } from './theme';
import './figures.css';

/** The tiles, as many to a row as fit at `minWidth` each; `tinted` on a white background (a dashboard panel). */
export function Figures({ minWidth, tinted = false, children }: { minWidth: number; tinted?: boolean; children: ReactNode }) {
  return (
    <div className={tinted ? 'mh-figures mh-figures--tinted' : 'mh-figures'} style={{ '--mh-figure-min': `${minWidth}px` } as CSSProperties}>
      {children}
    </div>
  );
}

/** One figure: its label, the number (already formatted) and what the caller adds under it. */
export function Figure({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="mh-figure" role="group" aria-label={label}>
      <Text block variant="small" styles={{ root: { color: theme.palette.neutralSecondary, textTransform: 'uppercase', fontWeight: 600 } }}>
        {label}
      </Text>
      <Text block variant="xxLarge" styles={{ root: { fontWeight: 700 } }}>
        {value}
      </Text>
      {children}
    </div>
  );
}
