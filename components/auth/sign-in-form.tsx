"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { API_KEY_PROVIDER, ApiKeySignInInput, LOCAL_KEY_PROVIDER } from "@/lib/auth/sign-in-input";

export interface SignInFormProps {
  /** Offer one-click sign-in: the server holds a local platform key and the platform says it is local. */
  localSignIn: boolean;
  /** Where to go after signing in (a same-origin path). */
  callbackUrl: string;
}

export function SignInForm({ localSignIn, callbackUrl }: SignInFormProps) {
  const form = useForm<ApiKeySignInInput>({
    resolver: zodResolver(ApiKeySignInInput),
    defaultValues: { apiKey: "" },
  });
  const [localPending, setLocalPending] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  const submitKey = form.handleSubmit(async ({ apiKey }) => {
    const result = await signIn(API_KEY_PROVIDER, { apiKey, redirect: false });
    if (result?.ok && !result.error) {
      window.location.assign(callbackUrl);
      return;
    }
    // The credentials provider throws the platform's own 401 detail (e.g. "invalid api key").
    form.setError("apiKey", { message: result?.error ?? "Sign-in failed." }, { shouldFocus: true });
  });

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
          error={errors.apiKey?.message}
          hint="Kept only in an encrypted, httpOnly cookie on this console; pages and scripts never receive it."
        >
          {(control) => (
            <Input
              {...control}
              {...form.register("apiKey")}
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
