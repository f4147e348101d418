import { lineRecognizer } from '../repair/line-backend.js'
import type { LineRecognizer } from '../repair/recognizer.js'

/**
 * The recogniser verification reads its sampled lines with: each crop as one line of text. A
 * crop padded to hold its line's accents and descenders takes in the edges of the lines above
 * and below, which the engine's own search for lines reads as lines of their own (an Arabic
 * line read as "1 ت المختلفة : م 8 : د“ :", its words then counted as differing); the
 * search itself is a third of the reading's CPU (25 lines of the corpus's Arabic fonts: 3.1 s
 * of CPU searched, 2.1 s read as lines).
 */
export function shapeReader(language: string): LineRecognizer {
  return lineRecognizer(language, 'line')
}
