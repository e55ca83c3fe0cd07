/** The sidebar's scope switcher: the publisher first, then newsletters by title, and 'Create a Newsletter'. */
import { DirectionalHint, Icon, type IContextualMenuItem } from '@fluentui/react';
import { Avatar } from './Avatar';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { Scope } from '../../../schemas/generated/entities/scope';
import { useCan } from '../permissions';
import { newsletterCreateRoute } from '../refs';
import { linkTo } from '../registry';
import { currentScopeAtom, scopesAtom } from '../stores';
import { theme } from '../theme';
import { t } from '../words';
import { homeOf } from './scope';

// The menu's code loads when it first opens (as a Fluent button's menu does, see scripts/build/lazy-button-menu.ts).
const ContextualMenu = lazy(() => import('@fluentui/react/lib/ContextualMenu').then((module) => ({ default: module.ContextualMenu })));

export function orderScopes(scopes: Scope[]): Scope[] {
  const publishers = scopes.filter((scope) => scope.type === 'publisher');
  const newsletters = scopes.filter((scope) => scope.type === 'newsletter').sort((a, b) => a.title.localeCompare(b.title, 'tr'));
  return [...publishers, ...newsletters];
}

export function ScopeSwitcher() {
  const scopes = useAtomValue(scopesAtom);
  const current = useAtomValue(currentScopeAtom);
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const [, navigate] = useLocation();
  const can = useCan();
  const createPath = linkTo(newsletterCreateRoute);
  const canCreate = can('newsletters.create') && createPath !== undefined;

  const items: IContextualMenuItem[] = orderScopes(scopes).map((scope) => ({
    key: scope._id,
    text: scope.title,
    secondaryText: scope.type === 'publisher' ? t('Publisher') : undefined,
    canCheck: true,
    checked: scope._id === current?._id,
    iconProps: { iconName: scope.type === 'publisher' ? 'CityNext' : 'News' },
    onClick: () => navigate(homeOf(scope)),
  }));
  if (canCreate)
    items.push(
      { key: 'divider', itemType: 1 },
      { key: 'create', text: t('Create a Newsletter'), iconProps: { iconName: 'Add' }, onClick: () => navigate(createPath) },
    );

  return (
    <>
      <button
        ref={anchor}
        type="button"
        aria-label={t('Switch scope')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          width: '100%',
          padding: '10px 12px',
          background: theme.palette.white,
          border: `1px solid ${theme.palette.neutralLight}`,
          borderRadius: 6,
          cursor: 'pointer',
          textAlign: 'left',
        }}
      >
        <Avatar
          image={current?.image || undefined}
          text={current?.title ?? t('Choose a scope')}
          secondaryText={current ? (current.type === 'publisher' ? t('Publisher') : t('Newsletter')) : undefined}
          size={32}
        />
        <Icon iconName="ChevronDown" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ContextualMenu
            target={anchor}
            items={items}
            onDismiss={() => setOpen(false)}
            directionalHint={DirectionalHint.bottomLeftEdge}
            calloutProps={{ calloutWidth: 216 }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
