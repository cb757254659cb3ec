/** What a form shows: a message with a capital first letter (`must be …` → `Must be …`). */
export function sentence(message: string): string {
  return message ? message.charAt(0).toUpperCase() + message.slice(1) : message;
}
