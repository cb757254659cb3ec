"use client";

import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
  type ReactNode,
} from "react";

export type ToastTone = "success" | "error" | "info";
export interface ToastItem {
  id: number;
  tone: ToastTone;
  title: string;
  description?: string;
}
type ShowToast = (toast: Omit<ToastItem, "id">) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** Shows the outcome of a mutation. Must sit under <ToastProvider>. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast() needs a <ToastProvider> above it.");
  return show;
}

// A toast's look and timer load with the first toast, not with every page.
const Toast = lazy(() => import("./toast-item").then((m) => ({ default: m.Toast })));

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const dismiss = useCallback(
    (id: number) => setItems((all) => all.filter((t) => t.id !== id)),
    [],
  );
  const nextId = useRef(0);
  const show = useCallback<ShowToast>(
    (toast) => setItems((all) => [...all, { ...toast, id: nextId.current++ }]),
    [],
  );

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* The live region wraps the list: a role on the <ol> itself would unmake it a list. */}
      <div
        role="status"
        aria-live="polite"
        aria-label="Notifications"
        className="pointer-events-none fixed right-4 bottom-4 z-50 w-80"
      >
        <ol className="flex flex-col gap-2">
          {items.length > 0 && (
            <Suspense fallback={null}>
              {items.map((item) => (
                <Toast key={item.id} item={item} onDismiss={dismiss} />
              ))}
            </Suspense>
          )}
        </ol>
      </div>
    </ToastContext.Provider>
  );
}
