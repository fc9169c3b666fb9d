import { isValidElement, lazy, useState, type ReactElement, type ReactNode } from 'react';

/** A function component with props P (the screens and lazy parts of the app are all functions). */
type FunctionComponentOf<P> = (props: P) => ReactNode;

/** A lazily loaded component whose code can be fetched before it is first rendered. */
export type PreloadableComponent<P> = ((props: P) => ReactElement) & {
  /** Fetches the component's code; resolves once it can render without suspending. */
  readonly preload: () => Promise<unknown>;
};

/**
 * `React.lazy` with a `preload` (decision 0124). A lazy component suspends on its first render
 * even when its code is already there, and React 19 then holds the revealed content until
 * 300 ms after the fallback appeared (its Suspense throttle), effects included: on a fresh page
 * load the screen and its data requests waited ~200 ms for nothing. Once `preload()` has
 * resolved, a new instance renders the loaded component directly. Each instance keeps the path
 * it started on, so an instance that mounted through the lazy wrapper is never remounted.
 */
export function preloadableLazy<P extends object>(
  load: () => Promise<FunctionComponentOf<P>>,
): PreloadableComponent<P> {
  let loaded: FunctionComponentOf<P> | null = null;
  let loading: Promise<FunctionComponentOf<P>> | null = null;
  const preload = (): Promise<FunctionComponentOf<P>> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (a new deployment, a dropped connection) is tried again next time.
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P): ReactElement {
    const [Ready] = useState(() => loaded);
    return Ready === null ? <Lazy {...props} /> : <Ready {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}

/** Whether a component type carries `preload` (a `preloadableLazy` component). */
export function isPreloadable(type: unknown): type is PreloadableComponent<object> {
  return (
    typeof type === 'function' && typeof (type as { preload?: unknown }).preload === 'function'
  );
}

/**
 * The preloadable components of an element tree that has not been rendered: the elements' types
 * and those of the elements passed in their props (children included).
 */
export function preloadablesIn(node: unknown): PreloadableComponent<object>[] {
  if (Array.isArray(node)) return node.flatMap(preloadablesIn);
  if (!isValidElement<Record<string, unknown>>(node)) return [];
  const own = isPreloadable(node.type) ? [node.type] : [];
  return [...own, ...Object.values(node.props).flatMap(preloadablesIn)];
}
