/** Entries of the lists' row menus that several lists share. */
import type { IContextualMenuItem } from '@fluentui/react';

/** Opens an item's public page (a published story, a collection) in a new tab, as View or Preview. */
export function publicPageAction(key: string, text: string, path: string): IContextualMenuItem {
  return { key, text, iconProps: { iconName: 'OpenInNewWindow' }, onClick: () => void window.open(path, '_blank', 'noopener,noreferrer') };
}
