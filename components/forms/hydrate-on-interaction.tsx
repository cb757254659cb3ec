"use client";

import {
  memo,
  Suspense,
  use,
  useInsertionEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from "react";
import { snapshot, type Snapshot } from "./hydrate-controls";
import type { Caret } from "./hydrate-replay";

/** The replay of what the user did before a form's code arrived; it loads with that code. */
type Replaying = typeof import("./hydrate-replay");

const noSubscription = () => () => undefined;
/** True while React hydrates the server's HTML, false in a render that starts in the browser. */
const useHydrating = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

/** Plain data (arrays, plain objects, primitives) equal by value; anything else by identity. */
function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  }
  const plain = (o: object) =>
    (Object.getPrototypeOf(o) === Object.prototype || Object.getPrototypeOf(o) === null) &&
    !("$$typeof" in o); // a React element: compared by identity
  if (!plain(a) || !plain(b) || Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every(
      (key) =>
        Object.hasOwn(b, key) &&
        sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

/**
 * Props that render the same form: data equal by value, and any two functions (callbacks are
 * called through the latest props, so a new closure needs no new render).
 */
function sameProps(a: object, b: object): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => {
      const x = (a as Record<string, unknown>)[key];
      const y = (b as Record<string, unknown>)[key];
      return (typeof x === "function" && typeof y === "function") || sameData(x, y);
    })
  );
}

/** What the user did before the code arrived, made again once it has: a button's click, a form's submit. */
type Held = HTMLElement;

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
  let replaying: Replaying | null = null;
  let loading: Promise<unknown> | null = null;
  const start = () =>
    (loading ??= Promise.all([load(), import("./hydrate-replay")]).then(
      ([component, replayCode]) => {
        replaying = replayCode;
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
    caret,
  }: {
    props: P;
    root: { current: HTMLDivElement | null };
    changes: { current: Snapshot };
    caret: { current: Caret | null | undefined };
  }) {
    const hydrating = useHydrating();
    if (!Loaded) use(hydrating && typeof window !== "undefined" ? requested : start());
    const { readCaret, restoreServerValue } = replaying as unknown as Replaying;
    // Read now, as React starts hydrating the form and before its fields do: hydrating a <select>
    // puts its server-rendered choice back. Adds what the user changed in the server's HTML before
    // anything listened (before the page's own code ran) to the changes heard since, and hands the
    // fields back their server values: each change reaches the live form as an event (`Replay`).
    if (hydrating) {
      // Before anything here or in hydrating moves it (a render that starts over keeps the first).
      if (caret.current === undefined) caret.current = readCaret(root.current);
      const seen = new Set(changes.current.map((c) => c.control));
      changes.current = [
        ...changes.current,
        ...snapshot(root.current).filter((c) => !seen.has(c.control)),
      ];
      for (const { control } of changes.current) restoreServerValue(control);
    }
    const Component = Loaded as unknown as ComponentType<P>;
    return <Component {...props} />;
  }

  function Replay({
    changes,
    caret,
    held,
    live,
  }: {
    changes: { current: Snapshot };
    caret: { current: Caret | null | undefined };
    held: { current: Held[] };
    live: { current: boolean };
  }) {
    // Each held action waits for the render that follows the one before it: the replayed edits
    // reach the form as events whose state updates render only after this effect, and a submit
    // made in the same effect would run the handler of the render before them (a run sent with the
    // example input instead of what was typed). One action per commit, so a second click sees what
    // the first one changed, and the submit sees every edit.
    const [step, setStep] = useState(0);
    useLayoutEffect(() => {
      // This boundary commits only once Gate has its code, and the replay's with it.
      const { replay, restoreCaret } = replaying as unknown as Replaying;
      if (step === 0) {
        live.current = true;
        replay(changes.current);
        changes.current = [];
        restoreCaret(caret.current ?? null);
        caret.current = null;
      } else {
        const next = held.current.shift();
        if (next?.isConnected) {
          if (next instanceof HTMLFormElement) next.requestSubmit();
          else next.click();
        }
      }
      if (held.current.length > 0) setStep(step + 1);
    }, [step, changes, caret, held, live]);
    return null;
  }

  function HydrateOnInteraction(props: P) {
    // Callbacks go to the form as stable callers of the latest props' (see `sameProps`).
    const latest = useRef(props);
    useInsertionEffect(() => {
      latest.current = props;
    });
    const callers = useRef(new Map<string, (...args: unknown[]) => unknown>()).current;
    const stable = { ...props } as Record<string, unknown>;
    for (const [key, value] of Object.entries(props)) {
      if (typeof value !== "function") continue;
      if (!callers.has(key)) {
        callers.set(key, (...args) =>
          (latest.current as Record<string, (...a: unknown[]) => unknown>)[key]!(...args),
        );
      }
      stable[key] = callers.get(key);
    }
    const root = useRef<HTMLDivElement | null>(null);
    const changes = useRef<Snapshot>([]);
    const held = useRef<Held[]>([]);
    const caret = useRef<Caret | null | undefined>(undefined);
    const live = useRef(false);

    useLayoutEffect(() => {
      const element = root.current;
      if (!element || live.current) return;
      // On `window`, capturing: React stops these events at the document while the HTML they hit
      // is not hydrated yet, so listeners on the form itself would not hear them.
      const events = ["pointerdown", "focusin", "keydown", "touchstart"] as const;
      const inside = (event: Event) =>
        event.target instanceof Node && element.contains(event.target);
      // In the order the user did them; a form submitted twice while waiting is submitted once.
      const hold = (target: Held) => {
        if (target instanceof HTMLFormElement && held.current.includes(target)) return;
        held.current = [...held.current, target];
      };
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
        hold(event.target as HTMLFormElement);
        wanted();
      };
      // What the user types or chooses before the code is here, as it happens (latest per control).
      const onChange = (event: Event) => {
        const control = event.target;
        if (live.current || !inside(event)) return;
        if (
          !(control instanceof HTMLInputElement) &&
          !(control instanceof HTMLSelectElement) &&
          !(control instanceof HTMLTextAreaElement)
        )
          return;
        changes.current = [
          ...changes.current.filter((c) => c.control !== control),
          {
            control,
            value: control.value,
            checked: control instanceof HTMLInputElement && control.checked,
          },
        ];
        wanted(); // an edit without a pointer or focus (a script, an assistive tool) asks too
      };
      // A click on one of the form's own buttons (add a row, select all, a filter) before the code
      // is here would be lost: React does not replay it on HTML it has not hydrated. Hold it and
      // click again once the form is live. Native controls (checkboxes, radios, their labels) keep
      // their own behaviour and are replayed as changes; a submit button's submit is held below.
      const onClick = (event: MouseEvent) => {
        if (live.current || !inside(event) || !(event.target instanceof Element)) return;
        const button = event.target.closest<HTMLElement>(
          'button:not([type="submit"]), [role="button"], [role="tab"], [role="option"], [role="switch"]',
        );
        if (!button || !element.contains(button)) return;
        event.preventDefault();
        event.stopPropagation();
        hold(button);
      };
      // ⌘/Ctrl+Enter, the console's "submit this form" key (runOnModEnter), before the code is
      // here: hold it as a submit of the form it was pressed in.
      const onModEnter = (event: KeyboardEvent) => {
        if (live.current || !inside(event) || !(event.target instanceof Element)) return;
        if (event.key !== "Enter" || !(event.metaKey || event.ctrlKey) || event.isComposing) return;
        const form = event.target.closest("form");
        if (!form || !element.contains(form)) return;
        event.preventDefault();
        hold(form);
        wanted();
      };
      const edits = ["input", "change"] as const;
      for (const type of events) window.addEventListener(type, onInteraction, true);
      // Changed before this code ran (a file chosen, text typed while the page's scripts loaded):
      // nothing will be heard for it, so ask for the form's code now; hydrating reads the change.
      if (snapshot(element).length > 0) wanted();
      for (const type of edits) window.addEventListener(type, onChange, true);
      window.addEventListener("click", onClick, true);
      window.addEventListener("keydown", onModEnter, true);
      window.addEventListener("submit", onSubmit, true);
      return () => {
        for (const type of events) window.removeEventListener(type, onInteraction, true);
        for (const type of edits) window.removeEventListener(type, onChange, true);
        window.removeEventListener("click", onClick, true);
        window.removeEventListener("keydown", onModEnter, true);
        window.removeEventListener("submit", onSubmit, true);
      };
    }, []);

    return (
      <div ref={root} className="contents">
        <Suspense fallback={fallback}>
          <Gate props={stable as P} root={root} changes={changes} caret={caret} />
          <Replay changes={changes} caret={caret} held={held} live={live} />
        </Suspense>
      </div>
    );
  }
  // A parent that re-renders (its own query settling, a new callback or a freshly filtered list)
  // would hand the boundary new props before it hydrated, and React would then give up the server's
  // HTML and render the form at once, code and all. Props that render the same form leave it
  // waiting for the user; props that differ (the data changed) render it, with its code.
  return memo(HydrateOnInteraction, sameProps);
}
