import { parseArgs } from 'node:util'
import { rawText } from '../../extract/raw-text.js'
import { UsageError, type Command } from '../command.js'
import { OCR_HELP, OCR_OPTIONS, ocrChoice } from '../ocr-options.js'
import { VLM_HELP, VLM_OPTIONS, vlmChoice } from '../vlm-options.js'
import { withVlm } from '../vlm-stage.js'
import { damageWarning } from '../damage-warning.js'
import { pageHint } from '../page-hint.js'
import { parsePages, PASSWORD_HELP, PASSWORD_OPTION, readThroughCascade } from '../pdf-input.js'
import { NORMALIZE_HELP, textForm } from '../normalize-option.js'
import { inForm } from '../../layout/normalize.js'

async function runText(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      pages: { type: 'string' },
      raw: { type: 'boolean', default: false },
      ...PASSWORD_OPTION,
      normalize: { type: 'string' },
      ...OCR_OPTIONS,
      ...VLM_OPTIONS
    }
  })
  const [file, ...extra] = positionals
  if (file === undefined || extra.length > 0) throw new UsageError('text takes one PDF file')
  const pages = values.pages === undefined ? undefined : parsePages(values.pages)
  const form = textForm(values.normalize)
  const ocr = ocrChoice(values)
  const vlm = vlmChoice(values)
  const analysis = await withVlm(
    file,
    vlm,
    () => readThroughCascade(file, pages, ocr, values.password),
    values.password
  )
  if (!analysis) return 1
  for (const { layout } of analysis.pages) {
    if (layout.damage !== null) {
      process.stderr.write(damageWarning(file, layout.page, layout.damage))
    }
  }
  // Exit 0: every readable page was printed, and a damaged one only lacks its own text, as a
  // blank page would; exit 1 is for a file with nothing to print (DESIGN.md's bad input).
  const texts = analysis.pages.map((page) =>
    values.raw ? rawText(page.layout) : inForm(page.analysis.text, form)
  )
  process.stdout.write(texts.join('\f') + '\n')
  const hint = pageHint(file, analysis.pages, ocr !== null)
  if (hint !== null) process.stderr.write(hint)
  return 0
}

export const textCommand: Command = {
  name: 'text',
  usage: 'text <pdf> [--pages 1-3] [--raw] [--normalize nfkc] [--password <pw>] [--ocr] [--vlm]',
  help: [
    'Options:',
    '  --pages <list>   only these pages, e.g. 1-3 or 2,5-7 (1-based)',
    "  --raw            MuPDF's text in drawing order, before reading order and clean-up",
    PASSWORD_HELP,
    NORMALIZE_HELP,
    ...OCR_HELP,
    ...VLM_HELP,
    '',
    'Pages are separated by a form feed (\\f); the output is the same on every run.',
    'Pages whose text cannot be trusted (no text layer, unmapped glyphs) are named on stderr in',
    'one line with the reason, with those that need --ocr or review; the exit code stays 0.',
    'A page MuPDF cannot read prints empty, with a line on stderr saying why; the exit',
    'code is still 0. A file none of whose pages can be read exits 1.',
    'Example: recto text report.pdf --pages 1-2 > report.txt'
  ].join('\n'),
  run: runText
}
