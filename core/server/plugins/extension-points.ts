/**
 * Where a plugin lets others plug in (decision 0031). The plugin that owns a concept declares an
 * extension point in its public entry, with the type of what it takes; a plugin that requires the
 * owner contributes with `api.extensions.add(point, value)` in its `register`; the owner reads the
 * contributions when it works (`all`, or `one` for a point that takes one). The core knows no
 * point by name: it keeps the contributions of a server, nothing else.
 *
 * Example: the dashboards plugin's public pages show `api.extensions.all(publicSections)`, and the
 * collections plugin adds its featured collections to them; dashboards imports nothing of
 * collections, and without collections the pages simply have no such section.
 */

export interface ExtensionPoint<T> {
  /** Unique on a server, the owner's id first: 'stories.audience-tracking'. */
  readonly id: string;
  /** Takes at most one contribution: a second is refused as the server starts. */
  readonly single: boolean;
  /** Carries the contribution's type for TypeScript; never set. */
  readonly contribution?: T;
}

export function extensionPoint<T>(id: string, options: { single?: boolean } = {}): ExtensionPoint<T> {
  return { id, single: options.single ?? false };
}

export interface Extensions {
  add<T>(point: ExtensionPoint<T>, contribution: T): void;
  /** Every contribution, in the order the plugins registered (their `requires` order). */
  all<T>(point: ExtensionPoint<T>): readonly T[];
  /** The contribution of a single point, or null while no enabled plugin made one. */
  one<T>(point: ExtensionPoint<T>): T | null;
}

export function createExtensions(): Extensions {
  // By id, not by object: a test and the server may load the owner's module apart.
  const byPoint = new Map<string, unknown[]>();
  return {
    add(point, contribution) {
      const contributions = byPoint.get(point.id) ?? [];
      if (point.single && contributions.length > 0) throw new Error(`extension point ${point.id} takes one contribution and has one already`);
      byPoint.set(point.id, [...contributions, contribution]);
    },
    all: <T>(point: ExtensionPoint<T>) => (byPoint.get(point.id) ?? []) as T[],
    one: <T>(point: ExtensionPoint<T>) => ((byPoint.get(point.id) ?? [])[0] as T | undefined) ?? null,
  };
}
