"use client";

import {
  lazy,
  memo,
  Suspense,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from "react";

const noSubscription = () => () => undefined;

/** False on the server and while React hydrates its HTML; true once the browser renders alone. */
export function useMounted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A part of a page whose code loads when it first renders (`React.lazy` in a Suspense boundary
 * showing `fallback` meanwhile) — what `next/dynamic` does, without its ≈ 2 kB of runtime on the
 * page. The server renders it in full (its HTML shows at once and hydrates when the code is here),
 * unless `clientOnly`: then the server and the first browser render show `fallback`.
 *
 * Memoised (props compared shallowly): until its code is here React keeps the server's HTML in a
 * dehydrated boundary, and a parent's re-render that handed it a new element would make React give
 * that HTML up and render the part afresh in the browser (forms inside it that wait for the user,
 * `hydrateOnInteraction`, would then load their code at once).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { fallback = null, clientOnly = false }: { fallback?: ReactNode; clientOnly?: boolean } = {},
): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  const Loaded = Lazy as unknown as ComponentType<P>;
  function LazyPart(props: P) {
    const mounted = useMounted();
    if (clientOnly && !mounted) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return memo(LazyPart) as unknown as ComponentType<P>;
}
