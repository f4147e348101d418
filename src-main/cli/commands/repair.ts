import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { closePdf, openPdf } from '../../extract/open.js'
import { analyzeDocument } from '../../analysis/analyze-document.js'
import { cmapFileName, learnedCMap } from '../../repair/cmap-file.js'
import { lineRecognizer } from '../../repair/line-backend.js'
import { repairDocument } from '../../repair/repair-document.js'
import { UsageError, type Command } from '../command.js'
import { missingOcrModel } from '../ocr-model.js'
import {
  isFileSystemError,
  outputFileProblem,
  outputFolderProblem,
  writeFailure,
  writeWhole
} from '../output-path.js'
import { analyzePdfFile } from '../pdf-input.js'
import { plural } from '../../shared/plural.js'

/** The --out file (its folder must exist) and the --cmap folder, as their one-line errors. */
async function outputProblems(out?: string, cmap?: string): Promise<string[]> {
  const lines: string[] = []
  const outProblem = out === undefined ? null : await outputFileProblem(out, false)
  if (outProblem !== null) lines.push(`recto: ${out}: ${outProblem}\n`)
  const cmapProblem = cmap === undefined ? null : await outputFolderProblem(cmap)
  if (cmapProblem !== null) lines.push(`recto: ${cmap}: ${cmapProblem}\n`)
  return lines
}

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
  // Checked before the OCR, which takes minutes on a long document and would be thrown away.
  const problems = await outputProblems(values.out, values.cmap)
  const missing = await missingOcrModel([values.lang], 'lines')
  if (missing !== null) problems.push(`recto: --lang ${values.lang}: ${missing}\n`)
  for (const line of problems) process.stderr.write(line)
  if (problems.length > 0) return 1
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
        `${plural(learned.readings.length, 'code')} learned from OCR of ${plural(learned.runs, 'line')}` +
        (learned.disputes.length > 0
          ? `, ${learned.disputes.length} readings corrected or left out by the font's own evidence`
          : '') +
        '\n'
    )
  }
  const { out, cmap } = values
  try {
    if (out !== undefined) await writeWhole(out, repair.bytes)
    if (cmap !== undefined) {
      await mkdir(cmap, { recursive: true })
      for (const learned of repair.learned) {
        await writeWhole(join(cmap, cmapFileName(learned.program)), learnedCMap(learned))
      }
    }
  } catch (error) {
    if (!isFileSystemError(error)) throw error
    process.stderr.write(writeFailure(error, out ?? cmap!))
    return 1
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
  run: runRepair
}
