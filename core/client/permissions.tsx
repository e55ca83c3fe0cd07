/** The permission gate: the console hides what the user may not do (the server refuses it anyway). */
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { can, type Permission } from '../shared/permissions';
import { permissionsAtom } from './stores';

export function useCan(): (permission: Permission | undefined) => boolean {
  const permissions = useAtomValue(permissionsAtom);
  return (permission) => can(permissions, permission);
}

export function Can({ requires, children, otherwise = null }: { requires?: Permission; children: ReactNode; otherwise?: ReactNode }) {
  return useCan()(requires) ? <>{children}</> : <>{otherwise}</>;
}
