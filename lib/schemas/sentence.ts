/**
 * Platform messages on a field read as the end of a sentence whose subject is the field
 * (`is immutable: …`, `cannot be combined with cudaVersions`): beside the field they get "This"
 * as their subject.
 */
const NEEDS_SUBJECT = /^(is|are|was|were|has|have|does|do|cannot|can't|can|must not|should) /;

/**
 * What a form shows: a whole sentence with a capital first letter (`must be …` → `Must be …`,
 * `is already on your account` → `This is already on your account`).
 */
export function sentence(message: string): string {
  if (!message) return message;
  if (NEEDS_SUBJECT.test(message)) return `This ${message}`;
  return message.charAt(0).toUpperCase() + message.slice(1);
}
