/**
 * References between the parts of the console, as Backstage has them: a page, a component or a
 * call is named by a typed reference, never by its path or by a list the core keeps. Whoever
 * defines the contract declares the reference (a plugin in its public entry, for a page or
 * component of its own; the core here, for the slots it renders); whoever implements it binds it
 * in its client/index.tsx (`routes: [{ ref, path, page }]`, `provides: [provide(ref, component)]`,
 * `provides: [provide(ref, () => import('./module'))]` for a call); whoever uses it asks the
 * registry (`linkTo`, `componentOf`, `functionOf`), which answers undefined when no enabled plugin
 * binds it, so a link or a button shows only when its target exists.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { StoredEmbed } from '../shared/embeds';

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

export type AsyncFunction = (...args: never[]) => Promise<unknown>;

/** An asynchronous call one part makes and another provides (a service's call); `Fn` is the contract. */
export interface FunctionRef<Fn extends AsyncFunction> {
  readonly kind: 'function';
  readonly id: string;
  /** Carries the function's type only. */
  readonly fn?: Fn;
}

/** A module whose default export is the function, loaded on the first call, as `lazy` loads a component. */
export type LazyFunction<Fn extends AsyncFunction> = () => Promise<{ default: Fn }>;

export function createFunctionRef<Fn extends AsyncFunction>(id: string): FunctionRef<Fn> {
  return { kind: 'function', id };
}

/** A component, or a call's module, bound to the reference it implements (a plugin's `provides`). */
export interface Provided {
  ref: ComponentRef<never> | FunctionRef<never>;
  value: Lazy<never> | LazyFunction<never>;
}

export function provide<Props>(ref: ComponentRef<Props>, component: Lazy<Props>): Provided;
export function provide<Fn extends AsyncFunction>(ref: FunctionRef<Fn>, load: LazyFunction<Fn>): Provided;
export function provide(ref: { readonly id: string }, value: unknown): Provided {
  return { ref, value } as Provided;
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

/**
 * Makes the embed of an address (spec 002 sections 2.10 and 8): the picture the embed service made
 * of it, under the embed id `id`. It rejects when the picture cannot be made.
 */
export type MakeEmbed = (address: string, id: string) => Promise<StoredEmbed>;

/**
 * The rich-text editor's embeds (core/client/rich-text): the editor offers the Embed insert, its
 * 'Change address' and the pasted-link embeds only while an enabled plugin provides this.
 */
export const makeEmbedRef = createFunctionRef<MakeEmbed>('core.makeEmbed');
