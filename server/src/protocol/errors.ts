// Turning whatever was thrown into text, in one place: an error's message for a one-line message
// people read, or its stack for a log. Anything can be thrown (an Error, a string, an object
// whose toString throws), so neither function throws. The server, the CLI and the client share it.

/** An error's message alone, for a one-line warning or a message people read. */
export function messageOf(err: unknown): string {
  try {
    if (err instanceof Error) return err.message || String(err);
    if (typeof err === 'object' && err !== null) {
      const message: unknown = (err as { message?: unknown }).message;
      if (typeof message === 'string' && message !== '') return message;
    }
    return String(err);
  } catch {
    return unprintable(err);
  }
}

/** An error with its stack, for a log; the message alone when there is no stack. */
export function errorWithStack(err: unknown): string {
  try {
    if (err instanceof Error && typeof err.stack === 'string' && err.stack !== '') return err.stack;
  } catch {
    // A stack getter that throws: the message is what is left.
  }
  return messageOf(err);
}

/** What is left to say of a value whose text cannot be read: its kind. */
function unprintable(err: unknown): string {
  try {
    return `an unprintable ${Object.prototype.toString.call(err).slice(8, -1)}`;
  } catch {
    return 'an unprintable exception';
  }
}
