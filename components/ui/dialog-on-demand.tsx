"use client";

import { useState } from "react";
import type { ConfirmByNameDialogProps, DialogProps } from "./dialog";
import { lazyPart } from "./lazy-part";

const LazyDialog = lazyPart(() => import("./dialog").then((m) => m.Dialog));
const LazyConfirmByNameDialog = lazyPart(() =>
  import("./dialog").then((m) => m.ConfirmByNameDialog),
);

/** True from the first render with `open` on: the dialog then stays mounted (close, reopen). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * `Dialog` whose code (with its field and buttons) loads the first time it opens, not with the
 * page: a closed dialog renders nothing until then. Focus still returns to the opener on close
 * (the native <dialog> remembers it when it opens).
 */
export function DialogOnDemand(props: DialogProps) {
  return useOpenedOnce(props.open) ? <LazyDialog {...props} /> : null;
}

/** `ConfirmByNameDialog`, its code loaded the first time it opens (see `DialogOnDemand`). */
export function ConfirmByNameDialogOnDemand(props: ConfirmByNameDialogProps) {
  return useOpenedOnce(props.open) ? <LazyConfirmByNameDialog {...props} /> : null;
}
