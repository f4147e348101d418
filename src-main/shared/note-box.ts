/**
 * What a box without a label looks like, wherever it is found (inset in a column, in a margin, in
 * the order of the page's blocks): told by its type alone, it must hold a few lines of words (a
 * tip, a reference, a reminder), set smaller than the text around it.
 */
export const NOTE_LINES = 8
export const NOTE_WORDS = 4
/** A note's type is smaller than its paragraph's by this factor and more. */
export const NOTE_SIZE = 1.2
