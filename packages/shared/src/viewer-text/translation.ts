/**
 * What a translation of an English dictionary must hold: every key, each a string where English has a
 * string and the same function where English has one (plurals, numbers). A missing or extra key fails the
 * type check, as the console's Chinese file does against its English one.
 */
export type Translation<T> = {
  [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => string
      : Translation<T[K]>;
};
