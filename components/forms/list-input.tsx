"use client";

import { useState, type ComponentProps } from "react";
import { Input } from "@/components/ui/input";

/** A comma-separated list in one text box; keeps the typed text, reports the parsed array. */
export function ListInput({
  value,
  onChange,
  ...props
}: Omit<ComponentProps<typeof Input>, "value" | "onChange"> & {
  value: readonly string[] | undefined;
  onChange: (next: string[]) => void;
}) {
  const [text, setText] = useState((value ?? []).join(", "));
  return (
    <Input
      {...props}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(
          e.target.value
            .split(",")
            .map((v) => v.trim())
            .filter((v) => v !== ""),
        );
      }}
    />
  );
}
