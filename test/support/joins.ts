// Counts the joins of an open document's text into one string (core/parser/text.ts), for the tests
// that a keystroke's work reads the text in pieces.

import { PieceText } from '../../server/src/core/parser/text';

/** Counts calls of `PieceText.toString` (the join) until `restore` is called. */
export function countJoins(): { count: number; restore: () => void } {
  const proto = PieceText.prototype;
  const original = Object.getOwnPropertyDescriptor(proto, 'toString');
  const counter = { count: 0, restore: () => original && Object.defineProperty(proto, 'toString', original) };
  const join = proto.toString;
  proto.toString = function (this: PieceText): string {
    counter.count++;
    return join.call(this);
  };
  return counter;
}
