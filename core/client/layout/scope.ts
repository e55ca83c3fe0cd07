/** The scope a path belongs to, and the home of a scope. */
import type { Scope } from '../../../schemas/generated/entities/scope';

const scopedPath = /^\/(newsletters|publishers)\/show\/([^/?#]+)/;

/** The scope id a path names ('/newsletters/show/{id}/...'), if any. */
export function scopeIdOf(path: string): { type: Scope['type']; id: string } | null {
  const match = scopedPath.exec(path);
  if (!match) return null;
  return { type: match[1] === 'newsletters' ? 'newsletter' : 'publisher', id: decodeURIComponent(match[2]!) };
}

export function homeOf(scope: Scope): string {
  return `/${scope.type}s/show/${scope._id}`;
}
