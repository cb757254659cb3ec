"use client";

import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { API_KEY_PROVIDER, LOCAL_KEY_PROVIDER } from "@/lib/auth/providers";

// next-auth's client (with its Babel helpers) loads when a sign-in starts, not with the page.
async function signIn(...args: Parameters<typeof import("next-auth/react").signIn>) {
  const nextAuth = await import("next-auth/react");
  return nextAuth.signIn(...args);
}

/** The pasted key checked with the schema the server applies too (loaded at the first check). */
async function checkKey(apiKey: string): Promise<{ apiKey: string } | { error: string }> {
  const { ApiKeySignInInput } = await import("@/lib/auth/sign-in-input");
  const parsed = ApiKeySignInInput.safeParse({ apiKey });
  return parsed.success
    ? parsed.data
    : { error: parsed.error.issues[0]?.message ?? "That is not an API key." };
}

export interface SignInFormProps {
  /** Offer one-click sign-in: the server holds a local platform key and the platform says it is local. */
  localSignIn: boolean;
  /** Where to go after signing in (a same-origin path). */
  callbackUrl: string;
}

export function SignInForm({ localSignIn, callbackUrl }: SignInFormProps) {
  // One field: plain state instead of a form library (react-hook-form is ~13 kB of this page).
  const keyField = useRef<HTMLInputElement>(null);
  const [keyError, setKeyError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [localPending, setLocalPending] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);

  function showKeyError(message: string) {
    setKeyError(message);
    keyField.current?.focus();
  }

  async function submitKey(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    setSubmitting(true);
    try {
      const checked = await checkKey(keyField.current?.value ?? "");
      if ("error" in checked) return showKeyError(checked.error);
      setKeyError(undefined);
      const result = await signIn(API_KEY_PROVIDER, { apiKey: checked.apiKey, redirect: false });
      if (result?.ok && !result.error) {
        window.location.assign(callbackUrl);
        return;
      }
      // The credentials provider throws the platform's own 401 detail (e.g. "invalid api key").
      showKeyError(result?.error ?? "Sign-in failed.");
    } finally {
      setSubmitting(false);
    }
  }

  /** After a first submit the field is checked again as it changes. */
  async function recheck(value: string) {
    if (!submitted) return;
    const checked = await checkKey(value);
    setKeyError("error" in checked ? checked.error : undefined);
  }

  async function signInWithLocalKey() {
    setLocalPending(true);
    setLocalError(null);
    // No key in this request: the server reads HANGAR_LOCAL_KEY itself.
    const result = await signIn(LOCAL_KEY_PROVIDER, { redirect: false });
    if (result?.ok && !result.error) {
      window.location.assign(callbackUrl);
      return;
    }
    setLocalPending(false);
    setLocalError(result?.error ?? "Sign-in with the local key failed.");
  }

  return (
    <div className="space-y-6">
      {localSignIn && (
        <section aria-labelledby="local-sign-in" className="space-y-3">
          <h2 id="local-sign-in" className="text-sm font-semibold">
            Working locally?
          </h2>
          <Button
            className="w-full"
            onClick={signInWithLocalKey}
            pending={localPending}
            disabled={isSubmitting}
          >
            Use the local platform key
          </Button>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            The console&apos;s server holds this key (HANGAR_LOCAL_KEY); your browser never sees it.
          </p>
          {localError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {localError}
            </p>
          )}
          <div
            className="flex items-center gap-3 text-xs text-neutral-600 uppercase dark:text-neutral-400"
            aria-hidden
          >
            <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
            or paste a key
            <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
          </div>
        </section>
      )}

      <form onSubmit={submitKey} noValidate className="space-y-4">
        <Field
          id="api-key"
          label="API key"
          error={keyError}
          hint="Kept only in an encrypted, httpOnly cookie on this console; pages and scripts never receive it."
        >
          {(control) => (
            <Input
              {...control}
              ref={keyField}
              name="apiKey"
              defaultValue=""
              onChange={(e) => void recheck(e.target.value)}
              type="password"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              placeholder="rpa_…"
            />
          )}
        </Field>
        <Button
          type="submit"
          variant={localSignIn ? "secondary" : "primary"}
          className="w-full"
          pending={isSubmitting}
          disabled={localPending}
        >
          Sign in with this key
        </Button>
      </form>
    </div>
  );
}
