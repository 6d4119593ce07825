/**
 * Name tables keyed by names that come from user code. A plain object literal inherits
 * `toString`, `constructor`, `__proto__` … from `Object.prototype`, so `table[name]` with such a
 * name finds a function instead of nothing. Every table indexed by a user-written name is built
 * here, without a prototype.
 */
export function nameTable<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
