import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { closePdf, openPdf } from '../../extract/open.js'
import { analyzeDocument } from '../../pipeline/analyze-document.js'
import { cmapFileName, learnedCMap } from '../../repair/cmap-file.js'
import { lineRecognizer } from '../../repair/line-backend.js'
import { repairDocument } from '../../repair/repair-document.js'
import { UsageError, type Command } from '../command.js'
import { analyzePdfFile } from '../pdf-input.js'

async function runRepair(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      lang: { type: 'string', default: 'eng' },
      out: { type: 'string' },
      cmap: { type: 'string' }
    }
  })
  const [file, ...extra] = positionals
  if (file === undefined || extra.length > 0) throw new UsageError('repair takes one PDF file')
  const before = await analyzePdfFile(file)
  if (!before) return 1
  const bytes = await readFile(file)
  const recognizer = lineRecognizer(values.lang)
  let repair
  try {
    repair = await repairDocument(
      bytes,
      before.pages.map((page) => page.layout),
      recognizer
    )
  } finally {
    await recognizer.close()
  }
  if (repair.learned.length === 0) {
    process.stderr.write(`recto: ${file}: no font needs its map repaired\n`)
  }
  for (const learned of repair.learned) {
    process.stderr.write(
      `recto: ${file}: font ${learned.program.name} (${learned.program.id.slice(0, 12)}): ` +
        `${learned.readings.length} codes learned from OCR of ${learned.runs} lines` +
        (learned.disputes.length > 0
          ? `, ${learned.disputes.length} readings corrected or left out by the font's own evidence`
          : '') +
        '\n'
    )
  }
  if (values.out !== undefined) await writeFile(values.out, repair.bytes)
  if (values.cmap !== undefined) {
    await mkdir(values.cmap, { recursive: true })
    for (const learned of repair.learned) {
      await writeFile(join(values.cmap, cmapFileName(learned.program)), learnedCMap(learned))
    }
  }
  const pdf = openPdf(repair.bytes)
  try {
    const after = analyzeDocument(pdf)
    process.stdout.write(after.pages.map((page) => page.analysis.text).join('\f') + '\n')
  } finally {
    closePdf(pdf)
  }
  return 0
}

export const repairCommand: Command = {
  name: 'repair',
  usage: 'repair <pdf> [--lang eng] [--out repaired.pdf] [--cmap dir/]',
  summary: 'repair the maps of fonts without a usable /ToUnicode from OCR; print the text',
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
    'Example: recto repair broken.pdf --out fixed.pdf --cmap maps/ > text.txt'
  ].join('\n'),
  run: runRepair
}
