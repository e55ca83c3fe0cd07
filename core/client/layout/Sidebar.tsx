/** The sidebar (240 px): the scope switcher and the scope's menu, from config/menus.json, filtered by permission. */
import { Nav, type INavLink } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import { constants } from '../../shared/config';
import type { MenuItemDefinition } from '../../shared/plugin';
import { useCan } from '../permissions';
import { registry, scopePath } from '../registry';
import { currentScopeAtom } from '../stores';
import { theme } from '../theme';
import { t } from '../words';
import { ScopeSwitcher } from './ScopeSwitcher';

export function Sidebar() {
  const scope = useAtomValue(currentScopeAtom);
  const [location, navigate] = useLocation();
  const can = useCan();

  const visible = (item: MenuItemDefinition) => can(item.requires) && (!item.scopes || (scope && item.scopes.includes(scope.type)));
  const linkOf = (key: string, item: MenuItemDefinition): INavLink => {
    if (item.link) {
      const url = (constants.links as Record<string, string>)[item.link] ?? '#';
      return {
        key,
        name: t(item.label),
        url,
        target: '_blank',
        rel: 'noopener noreferrer',
        icon: item.icon ?? 'OpenInNewWindow',
        title: t('{label} (opens in a new window)', { label: t(item.label) }),
      };
    }
    const url = scope && item.to ? scopePath(item.to, scope) : '/';
    return {
      key,
      name: t(item.label),
      url,
      icon: item.icon,
      // A real anchor (middle-click opens a tab), with in-app navigation on a plain click.
      forceAnchor: true,
      onClick: (event) => {
        event?.preventDefault();
        navigate(url);
      },
    };
  };

  const links: INavLink[] = scope
    ? registry.menus[scope.type].flatMap((entry): INavLink[] => {
        if ('key' in entry) return visible(entry.item) ? [linkOf(entry.key, entry.item)] : [];
        const children = entry.items.filter(({ item }) => visible(item)).map(({ key, item }) => linkOf(key, item));
        return children.length > 0 ? [{ key: `group-${entry.group}`, name: t(entry.group), url: '', icon: entry.icon, links: children, isExpanded: true }] : [];
      })
    : [];

  const selected = findSelected(links, location);
  return (
    // The outer column runs the page's whole height; the menu inside stays in view while it scrolls.
    <div style={{ flex: `0 0 ${constants.layout.sidebarWidth}px`, background: theme.palette.white, borderRight: `1px solid ${theme.palette.neutralLight}` }}>
      <aside style={{ width: constants.layout.sidebarWidth, display: 'flex', flexDirection: 'column', height: '100vh', position: 'sticky', top: 0 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '20px 16px 12px' }}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <strong style={{ fontSize: 18 }}>Masthead</strong>
        </div>
        <div style={{ padding: '4px 12px 12px' }}>
          <ScopeSwitcher />
        </div>
        <nav aria-label={t('Main menu')} style={{ overflowY: 'auto', flex: 1 }}>
          {/* A hovered link keeps its text colour: Fluent's themePrimary (our yellow) on grey reads at 1.3:1. */}
          <Nav
            groups={[{ links }]}
            selectedKey={selected}
            styles={{ link: { paddingLeft: 16, selectors: { ':hover': { color: theme.semanticColors.bodyText } } }, chevronButton: { left: 'auto', right: 8 } }}
          />
        </nav>
        {/* bodySubtext, not the lighter neutralSecondaryAlt: small text needs 4.5:1 on white (WCAG AA). */}
        <div style={{ padding: 12, fontSize: 12, color: theme.semanticColors.bodySubtext }}>v{constants.appVersion}</div>
      </aside>
    </div>
  );
}

/** The deepest link whose address starts the current location. */
function findSelected(links: INavLink[], location: string): string | undefined {
  let best: { key: string; length: number } | undefined;
  const visit = (link: INavLink) => {
    if (link.url && link.url.startsWith('/') && (location === link.url || location.startsWith(`${link.url}/`)) && link.url.length > (best?.length ?? 0))
      best = { key: String(link.key), length: link.url.length };
    link.links?.forEach(visit);
  };
  links.forEach(visit);
  return best?.key;
}
