/**
 * The top bar (100 px): back and forward, Change Publisher (admins), the SAVE a page registers,
 * the new-issue / new-story dropdown, what plugins add (notifications), and the profile menu.
 */
import { CommandButton, IconButton, PrimaryButton, Stack, type IContextualMenuItem } from '@fluentui/react';
import { Avatar } from './Avatar';
import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { constants } from '../../shared/config';
import { roleLabel, useCan } from '../permissions';
import { registry } from '../registry';
import { signOut } from '../session';
import { currentScopeAtom, userAtom } from '../stores';
import { theme } from '../theme';
import { t } from '../words';
import { saveActionAtom } from '../topbar-save';
import { openDialogAtom } from './dialogs';
import { drawerOpenAtom, useCompact, useNarrow } from './narrow';

const neutralIcon = { icon: { color: theme.semanticColors.softText }, rootHovered: { background: theme.palette.neutralLighter } };
/** A page action's button on a phone or a tablet: its text and icon without the 80 px minimum. */
const compactButton = { root: { minWidth: 0, padding: '0 10px' } };

export function TopBar() {
  const user = useAtomValue(userAtom);
  const scope = useAtomValue(currentScopeAtom);
  const save = useAtomValue(saveActionAtom);
  const openDialog = useSetAtom(openDialogAtom);
  const [, navigate] = useLocation();
  const can = useCan();
  const narrow = useNarrow();
  const compact = useCompact();
  const openDrawer = useSetAtom(drawerOpenAtom);

  const createItems: IContextualMenuItem[] =
    scope?.type === 'newsletter'
      ? registry.createActions
          .filter((action) => can(action.requires))
          .map((action) => ({
            key: action.id,
            text: t(action.label),
            iconProps: { iconName: action.icon ?? 'Add' },
            onClick: () => navigate(action.to(scope)),
          }))
      : [];

  const profileItems: IContextualMenuItem[] = [
    { key: 'profile', text: t('My Profile'), iconProps: { iconName: 'Contact' }, onClick: () => navigate(`/users/show/${user?._id}`) },
    ...registry.profileActions
      .filter((action) => can(action.requires))
      .map((action) => ({ key: action.id, text: t(action.label), iconProps: { iconName: action.icon }, onClick: () => openDialog(action.id) })),
    { key: 'logout', text: t('Logout'), iconProps: { iconName: 'SignOut' }, onClick: () => signOut() },
  ];

  return (
    <header
      style={{
        height: constants.layout.topBarHeight,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        padding: narrow ? '0 8px' : compact ? '0 16px' : '0 32px',
        gap: 8,
        borderBottom: `1px solid ${theme.palette.neutralLight}`,
        background: theme.palette.white,
        position: 'sticky',
        top: 0,
        zIndex: 5,
      }}
    >
      <Stack horizontal tokens={{ childrenGap: 4 }}>
        {/* A phone has its own back gesture: its width goes to the menu and the page's actions. */}
        {narrow ? (
          <IconButton
            iconProps={{ iconName: 'GlobalNavButton' }}
            title={t('Menu')}
            ariaLabel={t('Open menu')}
            onClick={() => openDrawer(true)}
            styles={neutralIcon}
          />
        ) : (
          <>
            <IconButton iconProps={{ iconName: 'Back' }} title={t('Back')} ariaLabel={t('Back')} onClick={() => history.back()} styles={neutralIcon} />
            <IconButton
              iconProps={{ iconName: 'Forward' }}
              title={t('Forward')}
              ariaLabel={t('Forward')}
              onClick={() => history.forward()}
              styles={neutralIcon}
            />
          </>
        )}
      </Stack>
      <Stack horizontal verticalAlign="center" tokens={{ childrenGap: narrow ? 4 : 12 }}>
        {user?.role.key === 'admin' && can('publishers.change') ? (
          <CommandButton
            iconProps={{ iconName: 'Switch' }}
            text={compact ? undefined : t('Change Publisher')}
            ariaLabel={t('Change Publisher')}
            title={t('Change Publisher')}
            onClick={() => navigate('/admin/publishers/')}
          />
        ) : null}
        {save ? (
          <PrimaryButton
            text={t('SAVE')}
            iconProps={{ iconName: 'Save' }}
            disabled={save.busy}
            onClick={() => void save.save()}
            styles={compact ? compactButton : undefined}
          />
        ) : null}
        {createItems.length > 0 ? (
          // On a phone beside SAVE, NEW is its + alone (its name still read out), so the bar fits in any language.
          <PrimaryButton
            text={narrow && save ? undefined : t('NEW')}
            ariaLabel={t('NEW')}
            iconProps={{ iconName: 'Add' }}
            menuProps={{ items: createItems }}
            styles={compact ? compactButton : undefined}
          />
        ) : null}
        {registry.topBarItems
          .filter((item) => can(item.requires))
          .map(({ id, component: Item }) => (
            <Suspense key={id} fallback={null}>
              <Item />
            </Suspense>
          ))}
        <CommandButton menuProps={{ items: profileItems }} ariaLabel={t('Profile menu')} styles={{ root: { height: 48 } }} onRenderMenuIcon={() => null}>
          <Avatar
            image={user?.profile.image || undefined}
            text={user?.profile.name || user?.email || ''}
            secondaryText={user ? roleLabel(user.role.key) : undefined}
            hideText={compact}
            size={40}
          />
        </CommandButton>
      </Stack>
    </header>
  );
}
