/**
 * Whether a UTF-16 code unit is what `/\s/` matches (ECMAScript WhiteSpace and LineTerminator),
 * tested without a regex: the layout counts the non-space characters of every line and block.
 * A code point above U+FFFF is never whitespace, so code points may be passed as well.
 */
export function isSpaceUnit(unit: number): boolean {
  if (unit <= 0x20) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d)
  if (unit < 0xa0) return false
  return (
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000 ||
    unit === 0xfeff
  )
}

/** `text.replace(/\s/g, '').length`, without building the string. */
export function nonSpaceLength(text: string): number {
  let n = 0
  for (let i = 0; i < text.length; i++) if (!isSpaceUnit(text.charCodeAt(i))) n++
  return n
}

/**
 * `[...text.replace(/\s/gu, '')].length`: the code points left once whitespace is taken out. A
 * high surrogate and the low one after it are one code point, even with whitespace between them.
 */
export function nonSpaceCodePoints(text: string): number {
  let n = 0
  let high = false
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (isSpaceUnit(unit)) continue
    if (high && unit >= 0xdc00 && unit <= 0xdfff) {
      high = false
      continue
    }
    n++
    high = unit >= 0xd800 && unit <= 0xdbff
  }
  return n
}
