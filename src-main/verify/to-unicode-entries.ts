/** A hex string of a CMap as text: UTF-16BE, as /ToUnicode destinations are written. */
function utf16(hex: string): string {
  const units: number[] = []
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16))
  return String.fromCharCode(...units)
}

/** The text after adding `step` to the last UTF-16 unit, as a bfrange's consecutive codes give. */
function stepped(hex: string, step: number): string {
  const text = utf16(hex)
  if (text === '') return text
  return text.slice(0, -1) + String.fromCharCode(text.charCodeAt(text.length - 1) + step)
}

const SECTION = /begin(bfchar|bfrange)([\s\S]*?)end\1/g
const BFCHAR = /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g
const BFRANGE = /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:<([0-9a-fA-F]*)>|\[([^\]]*)\])/g
/** A range wider than this is no font's: its codes would be a whole plane. */
const MAX_RANGE = 0x10000

/**
 * The text each code of a /ToUnicode CMap (PDF 32000 9.10.3) gives: its bfchar and bfrange
 * entries, ranges written with a start and with an array alike. What the CMap says, nothing
 * more: a code it leaves out is not in the map.
 */
export function toUnicodeEntries(cmap: string): Map<number, string> {
  const entries = new Map<number, string>()
  for (const [, kind, body] of cmap.matchAll(SECTION)) {
    if (kind === 'bfchar') {
      for (const [, code, text] of body!.matchAll(BFCHAR)) {
        entries.set(parseInt(code!, 16), utf16(text!))
      }
      continue
    }
    for (const [, low, high, start, list] of body!.matchAll(BFRANGE)) {
      const from = parseInt(low!, 16)
      const to = Math.min(parseInt(high!, 16), from + MAX_RANGE - 1)
      const texts = list === undefined ? [] : [...list.matchAll(/<([0-9a-fA-F]*)>/g)]
      for (let code = from; code <= to; code++) {
        const text = list === undefined ? stepped(start!, code - from) : texts[code - from]?.[1]
        if (text !== undefined) entries.set(code, list === undefined ? text : utf16(text))
      }
    }
  }
  return entries
}
