/** `ssh-ed25519 AAAA…xyz me@host` → its type, a shortened body and its comment, for display. */
export function sshKeyParts(key: string): { type: string; short: string; comment: string } {
  const [type = "", body = "", ...rest] = key.split(/\s+/);
  const short = body.length > 24 ? `${body.slice(0, 12)}…${body.slice(-8)}` : body;
  return { type, short, comment: rest.join(" ") };
}

/** A name for a key in labels and confirmations: its comment, else its shortened body. */
export function sshKeyLabel(key: string): string {
  const { type, short, comment } = sshKeyParts(key);
  return comment || `${type} ${short}`;
}
