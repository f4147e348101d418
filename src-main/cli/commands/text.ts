import { parseArgs } from 'node:util'
import { rawText } from '../../extract/raw-text.js'
import { UsageError, type Command } from '../command.js'
import { OCR_OPTIONS, ocrChoice } from '../ocr-options.js'
import { VLM_OPTIONS, vlmChoice } from '../vlm-options.js'
import { withVlm } from '../vlm-stage.js'
import { damageWarning } from '../damage-warning.js'
import { pageHint } from '../page-hint.js'
import { parsePages, PASSWORD_OPTION, readThroughCascade } from '../pdf-input.js'
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
  run: runText
}
