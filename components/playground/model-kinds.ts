import type { ModelKind } from "@/lib/models";

/** The gallery's kind filter (`?kind=`), in order. */
export const KINDS: readonly { id: ModelKind | "all"; label: string }[] = [
  { id: "all", label: "All" },
  { id: "image", label: "Image" },
  { id: "video", label: "Video" },
  { id: "audio", label: "Audio" },
  { id: "text", label: "Text" },
];
