/**
 * The text of the Adobe glyph names a font names its letters, digits, space and common
 * punctuation by (the Adobe Glyph List), and of `uniXXXX` / `uXXXX[XX]` names. Opaque names
 * (g12, cid34, glyph5) and names outside these say nothing and give undefined.
 */
const DIGITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']

const NAMED: ReadonlyMap<string, string> = new Map([
  ...DIGITS.map((name, digit): [string, string] => [name, String(digit)]),
  ['space', ' '],
  ['period', '.'],
  ['comma', ','],
  ['colon', ':'],
  ['semicolon', ';'],
  ['hyphen', '-'],
  ['endash', '\u2013'],
  ['emdash', '\u2014'],
  ['parenleft', '('],
  ['parenright', ')'],
  ['bracketleft', '['],
  ['bracketright', ']'],
  ['braceleft', '{'],
  ['braceright', '}'],
  ['quoteright', '\u2019'],
  ['quoteleft', '\u2018'],
  ['quotedblleft', '\u201c'],
  ['quotedblright', '\u201d'],
  ['quotesingle', "'"],
  ['quotedbl', '"'],
  ['ampersand', '&'],
  ['slash', '/'],
  ['exclam', '!'],
  ['question', '?'],
  ['percent', '%'],
  ['dollar', '$'],
  ['at', '@'],
  ['asterisk', '*'],
  ['plus', '+'],
  ['equal', '='],
  ['numbersign', '#'],
  ['underscore', '_']
])

export function glyphNameText(name: string): string | undefined {
  if (/^[A-Za-z]$/.test(name)) return name
  const named = NAMED.get(name)
  if (named !== undefined) return named
  const unicode = /^uni([0-9A-F]{4})$/.exec(name) ?? /^u([0-9A-F]{4,6})$/.exec(name)
  if (!unicode) return undefined
  const cp = parseInt(unicode[1]!, 16)
  return cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : undefined
}
