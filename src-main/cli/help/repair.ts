import type { CommandHelp } from '../command.js'

export const repairHelp: CommandHelp = {
  usage: 'repair <pdf> [--lang eng] [--out repaired.pdf] [--cmap dir/]',
  help: [
    'Fonts whose glyphs have no Unicode (U+FFFD, cid codes) or a broken map (letters that are',
    'not language) get a map learned from OCR of their rendered glyphs; every glyph keeps its',
    'position. Prints the repaired reading-order text, pages separated by form feeds, and on',
    'stderr a line per font repaired.',
    '',
    'Options:',
    '  --lang <code>    the language the OCR reads (eng, fra, ...; default eng)',
    '  --out <file>     write the PDF with the repaired /ToUnicode maps',
    '  --cmap <dir>     write each learned map as a ToUnicode CMap file',
    '',
    'OCR is tesseract.js (eng, fra); another language needs Debian tesseract installed with it.',
    'The outputs and the language are checked before any OCR: --out in a missing folder, a',
    '--cmap that is a file, or a language without its model stop the run with one line, exit 1.',
    'Example: recto repair broken.pdf --out fixed.pdf --cmap maps/ > text.txt'
  ].join('\n')
}
