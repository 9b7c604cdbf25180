// How many questions a rule asks the path model about where a part of the text sits
// (`PathModel.contextOf`): the tests that a rule skips work it does not need count them.

import { PathModel } from '../../server/src/core/features/paths';

/** Runs `run` and counts the path model's `contextOf` calls made meanwhile, on any model. */
export function countingContextQuestions<T>(run: () => T): { result: T; asked: number } {
  let asked = 0;
  const contextOf = PathModel.prototype.contextOf;
  PathModel.prototype.contextOf = function (this: PathModel, offset: number) {
    asked++;
    return contextOf.call(this, offset);
  };
  try {
    return { result: run(), asked };
  } finally {
    PathModel.prototype.contextOf = contextOf;
  }
}
