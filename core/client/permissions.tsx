/** The permission gate: the console hides what the user may not do (the server refuses it anyway). */
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { can, type Permission } from '../shared/permissions';
import { permissionsAtom } from './stores';
import { t } from './words';

export function useCan(): (permission: Permission | undefined) => boolean {
  const permissions = useAtomValue(permissionsAtom);
  return (permission) => can(permissions, permission);
}

/** A role's name as the console shows it (the top bar, refusals): 'EDITOR', in Turkish 'EDİTÖR'. */
export function roleLabel(role: string): string {
  switch (role.toLowerCase()) {
    case 'admin':
      return t('ADMIN');
    case 'director':
      return t('DIRECTOR');
    case 'editor':
      return t('EDITOR');
    case 'author':
      return t('AUTHOR');
    default:
      return role.toUpperCase();
  }
}

export function Can({ requires, children, otherwise = null }: { requires?: Permission; children: ReactNode; otherwise?: ReactNode }) {
  return useCan()(requires) ? <>{children}</> : <>{otherwise}</>;
}
