import type { OcrWord } from './backend.js'

/**
 * The words with whether the engine's own text puts a space before each: Tesseract cuts Korean
 * lines into syllables as words (and Chinese into runs of characters) but sets spaces in its
 * text only where the page has them. Each word is looked for in the text after the one before;
 * a word the text does not hold as it is keeps no mark, and the usual rules decide.
 */
export function withSpaces(words: readonly OcrWord[], text: string): OcrWord[] {
  let cursor = 0
  return words.map((word) => {
    const at = text.indexOf(word.text, cursor)
    if (at < 0) return word
    const between = text.slice(cursor, at)
    // Too far on: the word is another occurrence, not the next one in the text.
    if (between.trim().length > 0) return word
    cursor = at + word.text.length
    return { ...word, spaceBefore: between.length > 0 }
  })
}
