/**
 * The parts of the list's cards (stories, issues, newsletters, collections): the white card, its
 * menu in the top right corner, the status line, the title that opens the item, a text cut after
 * a few lines, and the foot with its facts, level with the neighbours' whatever the text's length.
 */
import { FontIcon, Link, mergeStyleSets, Stack, Text } from '@fluentui/react';
import type { MouseEvent, ReactNode } from 'react';
import { theme } from '../theme';

const raised = '0 6.4px 14.4px rgba(0,0,0,.13), 0 1.2px 3.6px rgba(0,0,0,.11)';

export const cardClasses = mergeStyleSets({
  card: {
    background: theme.palette.white,
    borderRadius: 8,
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    flex: 1,
    boxShadow: '0 1.6px 3.6px rgba(0,0,0,.13), 0 0.3px 0.9px rgba(0,0,0,.11)',
    transition: 'box-shadow .15s, opacity .15s',
    position: 'relative',
  },
  /** A card that opens its item: raised under the pointer. */
  raises: { selectors: { ':hover': { boxShadow: raised } } },
  /** What a click on the card opens: all of it but the menu. */
  content: { display: 'flex', flexDirection: 'column', flex: 1 },
  actions: { position: 'absolute', top: 8, right: 8, background: 'rgba(255,255,255,.9)', borderRadius: 16, cursor: 'default' },
});

const clampClasses = mergeStyleSets({
  text: {
    color: theme.semanticColors.strongSubtext,
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    overflowWrap: 'anywhere',
  },
});

/** The card's menu (the list's action button), over the top right corner. */
export function CardActions({ children }: { children: ReactNode }) {
  return children ? <div className={cardClasses.actions}>{children}</div> : null;
}

/** The status badge and a line beside it; `clearMenu` keeps the menu's room where no cover lies under it. */
export function CardStatus({ badge, text, clearMenu = false }: { badge: ReactNode; text: string; clearMenu?: boolean }) {
  return (
    <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 8 }} styles={{ root: { paddingRight: clearMenu ? 36 : 0 } }}>
      {badge}
      <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
        {text}
      </Text>
    </Stack>
  );
}

/** A plain click stays in the console; a new tab or window (ctrl, cmd, shift, middle button) is the browser's. */
export const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;

/** The card's title; with `href`, a link to the item that a plain click opens in the console (`onOpen`). */
export function CardTitle({ name, href, onOpen }: { name: string; href?: string; onOpen?(): void }) {
  const title = (
    // data-content: what people wrote, in their language rather than the console's (the journeys' language scan leaves it).
    <Text as="h3" variant="large" data-content styles={{ root: { fontWeight: 600, margin: 0, overflowWrap: 'anywhere', color: theme.palette.neutralPrimary } }}>
      {name}
    </Text>
  );
  if (!href) return title;
  return (
    <Link
      href={href}
      onClick={(event) => {
        event.stopPropagation();
        if (!isPlainClick(event)) return;
        event.preventDefault();
        onOpen?.();
      }}
      styles={{ root: { textAlign: 'left', selectors: { ':hover': { textDecoration: 'none' } } } }}
    >
      {title}
    </Link>
  );
}

/** A card's text (a summary, a preview, a description), cut after `lines` lines. */
export function CardText({ lines, children }: { lines: number; children: ReactNode }) {
  return (
    <Text className={clampClasses.text} style={{ WebkitLineClamp: lines }} data-content>
      {children}
    </Text>
  );
}

/** The foot of the card: facts on the left and right, level with the neighbours' whatever the text above. */
export function CardFoot({ children }: { children: ReactNode }) {
  // Inline: the Stack's gap rule would override a class.
  return (
    <div
      style={{
        marginTop: 'auto',
        paddingTop: 8,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 8,
        color: theme.palette.neutralSecondary,
      }}
    >
      {children}
    </div>
  );
}

/** A fact of the foot: an icon and a short text; the first may wrap, the last keeps its width (`fixed`). */
export function CardFact({ icon, fixed = false, children }: { icon: string; fixed?: boolean; children: ReactNode }) {
  return (
    <Text variant="small" styles={{ root: fixed ? { color: 'inherit', flex: 'none' } : { color: 'inherit', minWidth: 0, overflowWrap: 'anywhere' } }}>
      <FontIcon iconName={icon} style={{ marginRight: 6, verticalAlign: 'middle' }} />
      {children}
    </Text>
  );
}
