"use client";

import {
  Suspense,
  use,
  useInsertionEffect,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from "react";

const noSubscription = () => () => undefined;
/** True while React hydrates the server's HTML, false in a render that starts in the browser. */
const useHydrating = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Snapshot = { control: Control; value: string; checked: boolean }[];

/** Values and checks the user changed in the server's HTML before the code arrived. */
function snapshot(root: HTMLElement | null): Snapshot {
  if (!root) return [];
  return Array.from(root.querySelectorAll<Control>("input, select, textarea"))
    .filter((control) =>
      control instanceof HTMLInputElement &&
      (control.type === "checkbox" || control.type === "radio")
        ? control.checked !== control.defaultChecked
        : control instanceof HTMLSelectElement
          ? Array.from(control.options).some((o) => o.selected !== o.defaultSelected)
          : control.type !== "file" && control.value !== control.defaultValue,
    )
    .map((control) => ({
      control,
      value: control.value,
      checked: control instanceof HTMLInputElement && control.checked,
    }));
}

/** Gives the hydrated form what the user typed, as events its handlers hear. */
function replay(changes: Snapshot) {
  for (const { control, value, checked } of changes) {
    if (!control.isConnected) continue;
    if (
      control instanceof HTMLInputElement &&
      (control.type === "checkbox" || control.type === "radio")
    ) {
      if (control.checked !== checked) control.click();
      continue;
    }
    if (control.value === value) continue;
    const proto = Object.getPrototypeOf(control) as object;
    Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(control, value);
    control.dispatchEvent(
      new Event(control instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }),
    );
  }
}

/**
 * A form (or any widget) whose code — react-hook-form with it — loads when the user first reaches
 * for it instead of with the page. The server renders it in full, so the page shows the real form at
 * once; in the browser its HTML stays as the server sent it (React leaves a suspended boundary's
 * server HTML in place) until a pointer, a key or focus enters it, then its code loads and React
 * hydrates it in place (focus stays where it is). What was typed or chosen meanwhile is replayed into
 * the form, and a submit made before the code arrived is made again once it has. A render that
 * starts in the browser (a client-side navigation) loads the code at once.
 */
export function hydrateOnInteraction<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<unknown> | null = null;
  const start = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        loading = null; // a failed download is tried again at the next interaction
        throw error;
      },
    ));
  let wanted!: () => void;
  const requested = new Promise<void>((resolve) => (wanted = resolve)).then(start);

  function Gate({
    props,
    root,
    changes,
  }: {
    props: P;
    root: { current: HTMLDivElement | null };
    changes: { current: Snapshot };
  }) {
    const hydrating = useHydrating();
    if (!Loaded) use(hydrating && typeof window !== "undefined" ? requested : start());
    // Read as React commits the hydrated form, before its fields register (and reset their values):
    // whatever the user changed in the server's HTML so far, even while React was rendering.
    useInsertionEffect(() => {
      if (hydrating) changes.current = snapshot(root.current);
    });
    const Component = Loaded as unknown as ComponentType<P>;
    return <Component {...props} />;
  }

  function Replay({
    changes,
    pendingSubmit,
    live,
  }: {
    changes: { current: Snapshot };
    pendingSubmit: { current: HTMLFormElement | null };
    live: { current: boolean };
  }) {
    useLayoutEffect(() => {
      live.current = true;
      replay(changes.current);
      changes.current = [];
      const form = pendingSubmit.current;
      pendingSubmit.current = null;
      if (form?.isConnected) form.requestSubmit();
    }, [changes, pendingSubmit, live]);
    return null;
  }

  function HydrateOnInteraction(props: P) {
    const root = useRef<HTMLDivElement | null>(null);
    const changes = useRef<Snapshot>([]);
    const pendingSubmit = useRef<HTMLFormElement | null>(null);
    const live = useRef(false);

    useLayoutEffect(() => {
      const element = root.current;
      if (!element || live.current) return;
      // On `window`, capturing: React stops these events at the document while the HTML they hit
      // is not hydrated yet, so listeners on the form itself would not hear them.
      const events = ["pointerdown", "focusin", "keydown", "touchstart"] as const;
      const inside = (event: Event) =>
        event.target instanceof Node && element.contains(event.target);
      const onInteraction = (event: Event) => {
        if (!inside(event)) return;
        for (const type of events) window.removeEventListener(type, onInteraction, true);
        wanted();
      };
      // Before the code is here a submit would be the browser's own (a GET with the values in the
      // address): hold it, and submit again once the form is live.
      const onSubmit = (event: SubmitEvent) => {
        if (live.current || !inside(event)) return;
        event.preventDefault();
        pendingSubmit.current = event.target as HTMLFormElement;
        wanted();
      };
      for (const type of events) window.addEventListener(type, onInteraction, true);
      window.addEventListener("submit", onSubmit, true);
      return () => {
        for (const type of events) window.removeEventListener(type, onInteraction, true);
        window.removeEventListener("submit", onSubmit, true);
      };
    }, []);

    return (
      <div ref={root} className="contents">
        <Suspense fallback={fallback}>
          <Gate props={props} root={root} changes={changes} />
          <Replay changes={changes} pendingSubmit={pendingSubmit} live={live} />
        </Suspense>
      </div>
    );
  }
  return HydrateOnInteraction;
}
