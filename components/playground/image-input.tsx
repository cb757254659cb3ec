"use client";

import { useId, useRef, useState, type DragEvent } from "react";
import { Button } from "@/components/ui/button";
import { controlClasses, Input } from "@/components/ui/input";
import { IMAGE_UPLOAD_TYPES, MAX_IMAGE_UPLOAD_BYTES } from "@/lib/models/inputs";

// Input images of hosted models: a public URL, or a file from this computer sent inline as a
// `data:image/…;base64,` URL (the local platform's catalogue schema accepts both; see README
// "Image inputs"). The file never goes anywhere else first.

const kb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;
const TYPE_NAMES = "PNG, JPEG or WebP";

export const isDataUrl = (v: unknown): v is string =>
  typeof v === "string" && v.startsWith("data:");

/** Bytes of a data URL's payload (base64). */
const dataUrlBytes = (v: string) => {
  const body = v.slice(v.indexOf(",") + 1);
  return Math.floor((body.length * 3) / 4) - (body.endsWith("==") ? 2 : body.endsWith("=") ? 1 : 0);
};

/** Reads a picked file as a data URL, or says why it cannot be sent. */
async function readImage(
  file: File,
): Promise<{ ok: true; url: string } | { ok: false; error: string }> {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type))
    return { ok: false, error: `${file.name} is not a ${TYPE_NAMES} image.` };
  if (file.size > MAX_IMAGE_UPLOAD_BYTES)
    return {
      ok: false,
      error: `${file.name} is ${kb(file.size)}; an uploaded image can be at most ${kb(MAX_IMAGE_UPLOAD_BYTES)}. Use a public URL for bigger files.`,
    };
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("could not read the file"));
    reader.readAsDataURL(file);
  });
  return { ok: true, url };
}

interface Upload {
  name: string;
  url: string;
}

/** The upload button (a labelled file input) and the drop target around `children`. */
function Picker({
  label,
  multiple,
  onFiles,
  error,
  children,
}: {
  label: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  error?: string;
  children?: React.ReactNode;
}) {
  const inputId = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const files = [...e.dataTransfer.files];
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`space-y-2 rounded-md border border-dashed p-3 ${
        over
          ? "border-violet-500 bg-violet-50 dark:bg-violet-950"
          : "border-neutral-300 dark:border-neutral-700"
      }`}
    >
      {children}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label
          htmlFor={inputId}
          className="cursor-pointer rounded-md border border-neutral-300 bg-white px-3 py-1.5 font-medium hover:bg-neutral-50 focus-within:ring-2 focus-within:ring-violet-500 dark:border-neutral-700 dark:bg-neutral-900 dark:hover:bg-neutral-800"
        >
          {label}
          <input
            ref={ref}
            id={inputId}
            type="file"
            accept={IMAGE_UPLOAD_TYPES.join(",")}
            multiple={multiple}
            className="sr-only"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = "";
              if (files.length > 0) onFiles(files);
            }}
          />
        </label>
        <span className="text-neutral-600 dark:text-neutral-400">
          or drop {multiple ? "files" : "a file"} here · {TYPE_NAMES}, at most{" "}
          {kb(MAX_IMAGE_UPLOAD_BYTES)}
        </span>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          <span aria-hidden>⚠ </span>
          {error}
        </p>
      )}
    </div>
  );
}

function Preview({ upload, onRemove }: { upload: Upload; onRemove: () => void }) {
  return (
    <figure className="flex items-center gap-3">
      {/* eslint-disable-next-line @next/next/no-img-element -- a local file's data URL */}
      <img
        src={upload.url}
        alt={`Preview of ${upload.name}`}
        className="size-20 rounded-md border border-neutral-200 object-cover dark:border-neutral-800"
      />
      <figcaption className="min-w-0 flex-1 text-sm">
        <span className="block truncate font-medium">{upload.name}</span>
        <span className="text-neutral-600 dark:text-neutral-400">
          {kb(dataUrlBytes(upload.url))}, sent with the run
        </span>
      </figcaption>
      <Button variant="ghost" size="sm" aria-label={`Remove ${upload.name}`} onClick={onRemove}>
        Remove
      </Button>
    </figure>
  );
}

/** What the form's Controller hands either image control; `V` is what it stores. */
interface ImageFieldProps<V> {
  id: string;
  label: string;
  value: unknown;
  onChange: (v: V | undefined) => void;
  onBlur: () => void;
  describedBy?: string;
  invalid?: true;
}

/** One input image: a URL box, or an uploaded file with its preview. */
export function ImageInput({
  id,
  label,
  value,
  onChange,
  onBlur,
  describedBy,
  invalid,
}: ImageFieldProps<string>) {
  const [name, setName] = useState("uploaded image");
  const [error, setError] = useState<string>();
  const upload = isDataUrl(value) ? { name, url: value } : undefined;

  async function onFiles(files: File[]) {
    const file = files[0];
    if (!file) return;
    const read = await readImage(file);
    if (!read.ok) return setError(read.error);
    setError(undefined);
    setName(file.name);
    onChange(read.url);
  }

  return (
    <Picker label={`Upload ${label.toLowerCase()}`} onFiles={onFiles} error={error}>
      {upload ? (
        <Preview upload={upload} onRemove={() => onChange(undefined)} />
      ) : (
        <Input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          type="url"
          inputMode="url"
          placeholder="https://…"
          value={typeof value === "string" ? value : ""}
          onBlur={onBlur}
          onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value)}
        />
      )}
    </Picker>
  );
}

/** A list of input images: URLs, one a line, and uploaded files with previews. */
export function ImageListInput({
  id,
  label,
  value,
  onChange,
  onBlur,
  describedBy,
  invalid,
}: ImageFieldProps<string[]>) {
  const initial = Array.isArray(value)
    ? value.filter((v): v is string => typeof v === "string")
    : [];
  const [text, setText] = useState(() => initial.filter((v) => !isDataUrl(v)).join("\n"));
  const [uploads, setUploads] = useState<Upload[]>(() =>
    initial.filter(isDataUrl).map((url, i) => ({ name: `uploaded image ${i + 1}`, url })),
  );
  const [error, setError] = useState<string>();

  const emit = (nextText: string, nextUploads: Upload[]) => {
    const urls = nextText
      .split("\n")
      .map((s) => s.trim())
      .filter(Boolean);
    const all = [...urls, ...nextUploads.map((u) => u.url)];
    onChange(all.length > 0 ? all : undefined);
  };

  async function onFiles(files: File[]) {
    const added: Upload[] = [];
    const problems: string[] = [];
    for (const file of files) {
      const read = await readImage(file);
      if (read.ok) added.push({ name: file.name, url: read.url });
      else problems.push(read.error);
    }
    setError(problems.length > 0 ? problems.join(" ") : undefined);
    if (added.length === 0) return;
    const next = [...uploads, ...added];
    setUploads(next);
    emit(text, next);
  }

  return (
    <Picker label={`Upload ${label.toLowerCase()}`} multiple onFiles={onFiles} error={error}>
      <textarea
        id={id}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        rows={3}
        spellCheck={false}
        value={text}
        placeholder="https://…"
        onBlur={onBlur}
        onChange={(e) => {
          setText(e.target.value);
          emit(e.target.value, uploads);
        }}
        className={`${controlClasses} py-2 font-mono text-[13px]`}
      />
      {uploads.length > 0 && (
        <ul aria-label={`Uploaded ${label.toLowerCase()}`} className="space-y-2">
          {uploads.map((u, i) => (
            <li key={`${u.name}-${i}`}>
              <Preview
                upload={u}
                onRemove={() => {
                  const next = uploads.filter((_, j) => j !== i);
                  setUploads(next);
                  emit(text, next);
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </Picker>
  );
}
