import type { FontProgram } from './font-programs.js'
import type { LearnedMap } from './learn.js'
import { ocrFontMap } from './repair-document.js'
import { toUnicodeCMap } from './to-unicode.js'

/** `<font name>-<first 12 hex digits of the program's hash>.cmap`, safe on every file system. */
export function cmapFileName(program: FontProgram): string {
  const name = program.name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'font'
  return `${name}-${program.id.slice(0, 12)}.cmap`
}

/** A learned map as the ToUnicode CMap a PDF would carry for its program. */
export function learnedCMap(learned: LearnedMap): string {
  return toUnicodeCMap(ocrFontMap(learned).map, learned.program.width)
}
