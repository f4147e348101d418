/**
 * `compute` run once per key object and remembered while the key lives: the order, the roles and
 * the checks of a page all ask for the same frames, regions, notes and counts of its layout and
 * blocks, and a layout is never changed once made.
 */
export function memoize<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>()
  return (key) => {
    const known = cache.get(key)
    if (known !== undefined || cache.has(key)) return known as V
    const value = compute(key)
    cache.set(key, value)
    return value
  }
}
