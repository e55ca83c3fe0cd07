/**
 * References between the parts of the console, as Backstage has them: a page or a component is
 * named by a typed reference, never by its path or by a list the core keeps. Whoever defines the
 * contract declares the reference (a plugin in its public entry, for a page or component of its
 * own; the core here, for the slots it renders); whoever implements it binds it in its
 * client/index.tsx (`routes: [{ ref, path, page }]`, `provides: [provide(ref, component)]`);
 * whoever uses it asks the registry (`linkTo`, `componentOf`), which answers undefined when no
 * enabled plugin binds it, so a link or a button shows only when its target exists.
 */
import type { ComponentType, LazyExoticComponent } from 'react';

export type Lazy<P = object> = LazyExoticComponent<ComponentType<P>>;

/** A page, by what it is rather than where it is; `Params` are the path parameters it needs. */
export interface RouteRef<Params extends string = never> {
  readonly kind: 'route';
  readonly id: string;
  readonly params: readonly Params[];
}

export function createRouteRef<const Params extends string = never>(id: string, params: readonly Params[] = []): RouteRef<Params> {
  return { kind: 'route', id, params };
}

/** A component one part renders and another provides; `Props` is the contract between them. */
export interface ComponentRef<Props> {
  readonly kind: 'component';
  readonly id: string;
  /** Carries the props' type only. */
  readonly props?: Props;
}

export function createComponentRef<Props>(id: string): ComponentRef<Props> {
  return { kind: 'component', id };
}

/** A component bound to the reference it implements (a plugin's `provides`). */
export interface ProvidedComponent {
  ref: ComponentRef<never>;
  component: Lazy<never>;
}

export function provide<Props>(ref: ComponentRef<Props>, component: Lazy<Props>): ProvidedComponent {
  return { ref: ref as ComponentRef<never>, component: component as Lazy<never> };
}

// The core's slots.

/** The page that creates a newsletter (the scope switcher's and the newsletter list's New, a director's first stop). */
export const newsletterCreateRoute = createRouteRef('core.newsletterCreate');

/** An image chosen in the image picker. */
export interface PickedImage {
  _id: string;
  /** The original file's address. */
  path: string;
  alt: string;
  /** Resized copies: cards and previews load `small`. */
  sizes: { small: string; medium: string };
}

export interface ImagePickerProps {
  onDismiss(): void;
  onSelect(image: PickedImage): void;
  /** Shown in the picker, e.g. '1200 x 500 px'. */
  recommendedSize?: string;
}

/** The image picker `ImageField` opens (the profile picture, newsletter logos, covers). */
export const imagePickerRef = createComponentRef<ImagePickerProps>('core.imagePicker');
