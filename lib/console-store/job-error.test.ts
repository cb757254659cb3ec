import { describe, expect, it } from "vitest";
import { readJobError } from "./job-error";

const pythonException = JSON.stringify({
  error_type: "<class 'ValueError'>",
  error_message: "image is not a PNG",
  error_traceback:
    "Traceback (most recent call last):\n  File \"/handler.py\", line 12, in handler\n    raise ValueError('image is not a PNG')\nValueError: image is not a PNG\n",
  hostname: "w-1",
  worker_id: "w-1",
  runpod_version: "1.12.0",
});

describe("readJobError", () => {
  it("reads the runtime's JSON-encoded exception: message, class, traceback with real line breaks, worker", () => {
    const view = readJobError(pythonException);
    expect(view).toMatchObject({
      message: "image is not a PNG",
      type: "ValueError",
      workerId: "w-1",
    });
    expect(view.traceback!.split("\n")).toEqual([
      "Traceback (most recent call last):",
      '  File "/handler.py", line 12, in handler',
      "    raise ValueError('image is not a PNG')",
      "ValueError: image is not a PNG",
    ]);
    // The raw view is what the platform answered.
    expect(JSON.parse(view.raw)).toBe(pythonException);
  });

  it("unwraps an exception encoded twice, or carried in an object's error member", () => {
    expect(readJobError(JSON.stringify(pythonException)).message).toBe("image is not a PNG");
    expect(readJobError({ error: pythonException }).type).toBe("ValueError");
  });

  it("splits a generator's 'handler: … traceback: …' into message and traceback", () => {
    const view = readJobError(
      "handler: division by zero \ntraceback: Traceback (most recent call last):\n  x\nZeroDivisionError",
    );
    expect(view.message).toBe("division by zero");
    expect(view.traceback).toBe("Traceback (most recent call last):\n  x\nZeroDivisionError");
  });

  it("keeps a plain message as it is, and says something useful for empty errors", () => {
    expect(readJobError("injected fault")).toMatchObject({ message: "injected fault" });
    expect(readJobError("injected fault").traceback).toBeUndefined();
    expect(readJobError(undefined).message).toBe("The job failed without a message.");
    expect(readJobError({ code: 3 }).message).toBe("The job failed; its error has no message.");
    expect(
      readJobError({ message: "out of memory", stack: "Error: out of memory\n  at x" }),
    ).toMatchObject({
      message: "out of memory",
      traceback: "Error: out of memory\n  at x",
    });
  });
});
