import { parseArgs } from 'node:util'
import { rawText } from '../../extract/raw-text.js'
import { UsageError, type Command } from '../command.js'
import { OCR_OPTIONS, ocrChoice } from '../ocr-options.js'
import { VLM_OPTIONS, vlmChoice } from '../vlm-options.js'
import { withVlm } from '../vlm-stage.js'
import { damageWarning } from '../damage-warning.js'
import { pageHint } from '../page-hint.js'
import { parsePages } from '../page-list.js'
import { readThroughCascade, streamPdfFile, verified } from '../pdf-input.js'
import { PASSWORD_OPTION } from '../password-option.js'
import type { AnalyzedPage } from '../../analysis/analyze-document.js'
import { textForm } from '../normalize-option.js'
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
  const textOf = (page: AnalyzedPage): string =>
    values.raw ? rawText(page.layout) : inForm(page.analysis.text, form)
  const warn = (page: AnalyzedPage): void => {
    if (page.layout.damage !== null) {
      process.stderr.write(damageWarning(file, page.layout.page, page.layout.damage))
    }
  }
  // Exit 0: every readable page was printed, and a damaged one only lacks its own text, as a
  // blank page would; exit 1 is for a file with nothing to print (DESIGN.md's bad input).
  if (ocr === null && vlm === null) {
    let printed = 0
    const read = await streamPdfFile(file, pages, values.password, (page) => {
      warn(page)
      process.stdout.write((printed++ === 0 ? '' : '\f') + textOf(page))
      // A reader that has stopped (`recto text book.pdf | head`) closed the pipe: a write to it
      // fails at once, though its error event waits for the loop, and the pages after it would
      // be read for nobody.
      return process.stdout.errored ? 'stop' : 'go on'
    })
    if (!read) return 1
    if (process.stdout.errored) return 0
    process.stdout.write('\n')
    // Glyph verification changes flags, not text: it runs after the last page is out, for the hint.
    hint(file, (await verified(file, read, values.password)).pages, false)
    return 0
  }
  const analysis = await withVlm(
    file,
    vlm,
    () => readThroughCascade(file, pages, ocr, values.password),
    values.password
  )
  if (!analysis) return 1
  for (const page of analysis.pages) warn(page)
  process.stdout.write(analysis.pages.map(textOf).join('\f') + '\n')
  hint(file, analysis.pages, ocr !== null)
  return 0
}

function hint(file: string, pages: readonly AnalyzedPage[], ocrRan: boolean): void {
  const line = pageHint(file, pages, ocrRan)
  if (line !== null) process.stderr.write(line)
}

export const textCommand: Command = {
  name: 'text',
  run: runText
}
