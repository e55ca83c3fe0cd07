/**
 * Where a part renders what an enabled plugin provides for one of its component references
 * (core/client/refs.ts): the component with the props the reference promises, loaded in a
 * Suspense of its own; nothing while it loads or when no enabled plugin provides one.
 */
import { Suspense } from 'react';
import type { ComponentRef } from './refs';
import { componentOf } from './registry';

export function Slot<Props extends object>({ of, props }: { of: ComponentRef<Props>; props: Props }) {
  const Provided = componentOf(of);
  if (!Provided) return null;
  return (
    <Suspense fallback={null}>
      <Provided {...props} />
    </Suspense>
  );
}
