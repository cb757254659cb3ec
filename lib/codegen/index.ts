import { curlSnippet } from "./curl";
import { javascriptFetchSnippet } from "./javascript-fetch";
import { javascriptSdkSnippet } from "./javascript-sdk";
import { toJobCall, type JobCall } from "./job-call";
import { pythonRequestsSnippet } from "./python-requests";
import { pythonSdkSnippet } from "./python-sdk";
import { typescriptSnippet } from "./typescript";
import type { Snippet, SnippetLanguage, SnippetOptions } from "./types";

export { languages, operations } from "./types";
export type {
  JobOperation,
  ShikiLang,
  Snippet,
  SnippetLanguage,
  SnippetOptions,
  SnippetRun,
} from "./types";
export { API_KEY_ENV, JOB_ID_ENV } from "./job-call";

const generators: Record<SnippetLanguage, (call: JobCall) => Snippet> = {
  curl: curlSnippet,
  "python-requests": pythonRequestsSnippet,
  "javascript-fetch": javascriptFetchSnippet,
  typescript: typescriptSnippet,
  "python-sdk": pythonSdkSnippet,
  "javascript-sdk": javascriptSdkSnippet,
};

/**
 * Request code for one job-API call. Pure: the same options always give the same text. The key
 * is always read from `RUNPOD_API_KEY`; a job id not given is read from `JOB_ID`. Throws a
 * RangeError for an unknown language or operation or an empty target.
 */
export function generateSnippet(options: SnippetOptions): Snippet {
  if (!Object.hasOwn(generators, options.language)) {
    throw new RangeError(`unknown language: ${String(options.language)}`);
  }
  return generators[options.language](toJobCall(options));
}
