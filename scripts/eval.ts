/**
 * `npm run eval`: Recto's text against the corpus truth, beside pdftotext, PyMuPDF, pdfminer and
 * MuPDF's raw drawing order. A measuring tool for the team, not a test: it prints tables and
 * exits 0 whatever the numbers say. `--only <substring>` limits the run to matching PDFs.
 * `recto+bp` is Recto with boilerplate kept in place (eval-recto-keep.ts). `recto*` is Recto as
 * scored for acceptance: against each reference under its rule (eval-rules.ts), `recto+bp` where
 * the reference keeps running heads and folios, `recto` elsewhere; the olmOCR tests always score
 * `recto`. The acceptance rows compare `recto*` with the four baselines. `--ocr` adds the
 * scanned pages' CER before and after OCR with each backend, and their CPU cost (eval-ocr.ts).
 */

import { existsSync, readFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cer } from './eval-cer.js'
import { extract, extractors, pool, type Extraction } from './eval-extractors.js'
import { isPlainTextTest, runBenchTest, type BenchTest } from './eval-match.js'
import { ocrReport } from './eval-ocr.js'
import { repairFiles, repairSection } from './eval-repair.js'
import { comparable } from './eval-rules.js'
import { loadReferences, type Reference } from './eval-truth.js'
import { checkPdf, judged, loadBenchTests, queueLine, type Checked } from './eval-queue.js'
import { messageOf } from '../src-main/shared/error-message.js'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const corpus = resolve(repo, '..', 'shared', 'corpus')

type Entry = Readonly<{ pdf: string; sha256: string; modes: readonly string[] }>

/** Recto scored under each reference's rule: the acceptance figure. */
const RULED = 'recto*'

function loadManifest(): { entries: Entry[]; truth: Map<string, string[]> } {
  const rows = readFileSync(join(corpus, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1)
  const entries: Entry[] = []
  const truth = new Map<string, string[]>()
  for (const row of rows) {
    const cols = row.split('\t')
    const pdf = basename(cols[0] ?? '')
    // Declared modes carry details in parentheses ("encrypted(empty-password)"); the tables group
    // by the mode's name alone.
    const modes = (cols[8] ?? '').split(';').map((m) => m.replace(/\(.*$/, '').trim())
    entries.push({ pdf, sha256: cols[6] ?? '', modes: modes.filter((m) => m !== '') })
    const files = (cols[10] ?? '').split('|').map((f) => f.trim())
    truth.set(
      pdf,
      files.filter((f) => f !== '')
    )
  }
  return { entries, truth }
}

const wordSet = (s: string): Set<string> => new Set(s.toLowerCase().match(/\p{L}{3,}/gu) ?? [])

/** The page a one-page reference is of: the most word overlap in a neutral tool's pages. */
function bestPage(ref: Reference, pages: readonly string[]): number {
  const want = wordSet(ref.text)
  let best = 0
  let bestScore = -1
  pages.forEach((p, i) => {
    const have = wordSet(p)
    let common = 0
    for (const w of have) if (want.has(w)) common++
    const score = common / (want.size + have.size - common || 1)
    if (score > bestScore) {
      best = i
      bestScore = score
    }
  })
  return best
}

const pct = (x: number | undefined): string => (x === undefined ? '-' : (100 * x).toFixed(1))
/**
 * Means cap each entry's CER at 100%: an output several times longer than the reference (pdfminer
 * on vertical Japanese reaches 1000%) would otherwise outweigh every other file.
 */
const mean = (xs: readonly number[]): number | undefined =>
  xs.length === 0 ? undefined : xs.reduce((a, b) => a + Math.min(b, 1), 0) / xs.length

function table(head: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (r: readonly string[]): string =>
    '| ' +
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') +
    ' |'
  return [
    line(head),
    '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|',
    ...rows.map(line)
  ].join('\n')
}

async function main(): Promise<void> {
  const onlyAt = process.argv.indexOf('--only')
  const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined
  if (!existsSync(corpus)) throw new Error(`no corpus at ${corpus}`)
  const { entries: all, truth } = loadManifest()
  const entries = all.filter((e) => !only || e.pdf.includes(only))
  const tools = extractors(repo)
  const names = tools.map((t) => t.name)

  const jobs = entries.flatMap((e) =>
    tools.map((t) => async () => {
      const r = await extract(t, join(corpus, 'pdf', e.pdf), e.sha256)
      process.stderr.write(`${t.name} ${e.pdf} ${r.error ? 'ERROR ' + r.error : r.ms + ' ms'}\n`)
      return [`${t.name}\t${e.pdf}`, r] as const
    })
  )
  const outputs = new Map<string, Extraction>(await pool(jobs, 2))
  const pagesOf = (tool: string, pdf: string): string[] =>
    (outputs.get(`${tool}\t${pdf}`)?.text ?? '').split('\f')

  // olmOCR-bench tests: page texts of the page each test names.
  const tests = loadBenchTests(corpus).filter((t) => entries.some((e) => e.pdf === t.pdf))
  const plain = tests.filter(isPlainTextTest)
  const passed = new Map<string, Map<string, boolean>>()
  for (const tool of names) {
    const byTest = new Map<string, boolean>()
    for (const t of plain) {
      // A failed extraction fails every test of its file, absent tests included: empty output
      // must not count as having left boilerplate out.
      const failed = outputs.get(`${tool}\t${t.pdf}`)?.error != null
      byTest.set(t.id, !failed && runBenchTest(t, pagesOf(tool, t.pdf)[t.page - 1] ?? ''))
    }
    passed.set(tool, byTest)
  }

  // Reference texts, by CER.
  const { references, excluded, contentOrder } = loadReferences(
    join(corpus, 'truth'),
    new Map([...truth].filter(([pdf]) => entries.some((e) => e.pdf === pdf))),
    new Map(entries.map((e) => [e.pdf, e.modes]))
  )
  // Without poppler-utils every page scored alike and page 1 was taken: test_3842's reference
  // was scored against the wrong page (94 % instead of 29 %). MuPDF's raw order is as neutral.
  const matchedRaw = new Set<string>()
  const matcher = (pdf: string): string => {
    if (outputs.get(`pdftotext\t${pdf}`)?.error == null) return 'pdftotext'
    matchedRaw.add(pdf)
    return 'mupdf-raw'
  }
  const cers = new Map<string, Map<string, number>>()
  const refKey = (r: Reference): string => `${r.pdf} ← ${r.truthFile}`
  for (const ref of [...references, ...contentOrder]) {
    const page = ref.pages === 'best' ? bestPage(ref, pagesOf(matcher(ref.pdf), ref.pdf)) : 0
    const want = comparable(ref.text, ref.rule)
    const byTool = new Map<string, number>()
    for (const tool of names) {
      const pages = pagesOf(tool, ref.pdf)
      const text = ref.pages === 'all' ? pages.join('\n') : (pages[page] ?? '')
      byTool.set(tool, cer(comparable(text, ref.rule), want))
    }
    byTool.set(RULED, byTool.get(ref.rule.boilerplate ? 'recto+bp' : 'recto')!)
    cers.set(refKey(ref), byTool)
  }
  const scored = [RULED, ...names]

  const out: string[] = []
  const errors = [...outputs].filter(([, r]) => r.error !== null)
  if (errors.length > 0) {
    out.push(`## Extraction errors (${errors.length})`, '')
    const byReason = new Map<string, string[]>()
    for (const [k, r] of errors) {
      const [tool, pdf] = k.split('\t')
      const key = `${tool}: ${r.error}`
      byReason.set(key, [...(byReason.get(key) ?? []), pdf ?? ''])
    }
    for (const [reason, pdfs] of byReason) {
      out.push(
        `- ${reason} (${pdfs.length}: ${pdfs.slice(0, 3).join(', ')}${pdfs.length > 3 ? ', …' : ''})`
      )
    }
    out.push('')
  }

  out.push('## olmOCR-bench plain-text tests (passed / total)', '')
  const kinds = ['present', 'absent', 'order', 'baseline']
  out.push(
    table(
      ['extractor', ...kinds, 'all'],
      names.map((tool) => {
        const p = passed.get(tool)!
        const count = (ts: readonly BenchTest[]): string =>
          `${ts.filter((t) => p.get(t.id)).length}/${ts.length}`
        return [tool, ...kinds.map((k) => count(plain.filter((t) => t.type === k))), count(plain)]
      })
    )
  )
  const other = tests.length - plain.length
  out.push(
    '',
    `(${other} table/math tests need Markdown tables or LaTeX; no extractor here emits them.)`,
    ''
  )

  out.push('## Reference texts: CER % (lower is better)', '')
  out.push(
    table(
      ['pdf ← reference', 'scope', 'bp', ...scored],
      references.map((r) => [
        refKey(r),
        r.pages === 'all' ? 'doc' : r.pages === 1 ? 'p1' : 'page',
        r.rule.boilerplate ? 'kept' : 'out',
        ...scored.map((t) => pct(cers.get(refKey(r))?.get(t)))
      ])
    )
  )
  out.push('', `Rules (${RULED} is recto+bp where bp is kept, recto where it is out):`, '')
  const rules = new Map<string, string[]>()
  for (const r of [...references, ...contentOrder]) {
    rules.set(r.rule.says, [...(rules.get(r.rule.says) ?? []), r.pdf])
  }
  for (const [says, pdfs] of rules) out.push(`- ${says}: ${pdfs.join(', ')}`)
  out.push(
    "- everywhere: white space between two Han or kana characters is a tool's line break, not text; dropped from both sides",
    '',
    "PDFBox's content-order references, shown for comparison and left out of the means:",
    ''
  )
  out.push(
    table(
      ['pdf ← reference', ...scored],
      contentOrder.map((r) => [refKey(r), ...scored.map((t) => pct(cers.get(refKey(r))?.get(t)))])
    )
  )
  out.push('', 'Left out of the means:')
  for (const x of excluded) out.push(`- ${x.pdf} ← ${x.truthFile}: ${x.reason}`)
  if (matchedRaw.size > 0) {
    out.push('', `Page found on mupdf-raw's text (pdftotext failed): ${[...matchedRaw].join(', ')}`)
  }
  out.push('')

  out.push('## Per declared failure mode: olmOCR tests passed / mean CER %', '')
  const modes = [...new Set(entries.flatMap((e) => e.modes))].sort()
  const modeRows: string[][] = []
  const behind: string[] = []
  const baselines = names.filter((n) => !n.startsWith('recto'))
  for (const mode of modes) {
    const pdfs = new Set(entries.filter((e) => e.modes.includes(mode)).map((e) => e.pdf))
    const mt = plain.filter((t) => pdfs.has(t.pdf))
    const mr = references.filter((r) => pdfs.has(r.pdf))
    if (mt.length === 0 && mr.length === 0) continue
    const modeCer = (tool: string): number | undefined =>
      mean(mr.map((r) => cers.get(refKey(r))!.get(tool)!))
    const best = Math.min(...baselines.map((b) => modeCer(b) ?? Infinity))
    const own = modeCer(RULED)
    if (own !== undefined && own > best + 0.01) {
      const who = baselines.find((b) => modeCer(b) === best) ?? ''
      behind.push(
        `- ${mode}: ${RULED} ${pct(own)} vs ${who} ${pct(best)} (${mr.map((r) => r.pdf).join(', ')})`
      )
    }
    modeRows.push([
      `${mode} (${pdfs.size} pdf, ${mt.length} t, ${mr.length} ref)`,
      ...scored.map((tool) => {
        const tests = passed.get(tool === RULED ? 'recto' : tool)!
        const tp = mt.length ? `${mt.filter((t) => tests.get(t.id)).length}/${mt.length}` : '-'
        const c = mean(mr.map((r) => cers.get(refKey(r))!.get(tool)!))
        return `${tp} ${pct(c)}`
      })
    ])
  }
  out.push(table(['failure mode', ...scored], modeRows), '')
  out.push(
    `Failure modes where ${RULED}'s mean CER is more than 1 point above the best baseline:`,
    ''
  )
  out.push(...(behind.length > 0 ? behind : ['- none']), '')

  out.push('## Acceptance', '')
  const group = (pred: (modes: readonly string[]) => boolean): Reference[] => {
    const pdfs = new Set(entries.filter((e) => pred(e.modes)).map((e) => e.pdf))
    return references.filter((r) => pdfs.has(r.pdf))
  }
  const multi = group((m) => m.some((x) => /(two|three)-column/.test(x)))
  const headerFooter = group((m) => m.includes('header-footer'))
  const ordAbs = plain.filter((t) => t.type === 'order' || t.type === 'absent')
  out.push(
    table(
      [
        'extractor',
        'order+absent passed',
        'mean CER multi-column',
        'mean CER header-footer',
        'mean CER all refs'
      ],
      scored.map((tool) => [
        tool,
        `${ordAbs.filter((t) => passed.get(tool === RULED ? 'recto' : tool)!.get(t.id)).length}/${ordAbs.length}`,
        pct(mean(multi.map((r) => cers.get(refKey(r))!.get(tool)!))),
        pct(mean(headerFooter.map((r) => cers.get(refKey(r))!.get(tool)!))),
        pct(mean(references.map((r) => cers.get(refKey(r))!.get(tool)!)))
      ])
    )
  )
  // The queue's trust (eval-queue.ts has the table): Recto's decision on each tested page
  // beside how many of its tests Recto's text fails.
  const tested = [...new Set(plain.map((t) => `${t.pdf}\t${t.page}`))]
  const decisions = new Map<string, Checked[]>()
  for (const pdf of new Set(plain.map((t) => t.pdf))) {
    decisions.set(pdf, await checkPdf(join(corpus, 'pdf', pdf)).catch(() => []))
  }
  const queue = tested.map((key) => {
    const [pdf = '', page = '1'] = key.split('\t')
    return judged(
      `${pdf} p${page}`,
      pagesOf('recto', pdf)[Number(page) - 1] ?? '',
      decisions.get(pdf)?.find((c) => c.page === Number(page)),
      plain.filter((t) => t.pdf === pdf && t.page === Number(page))
    )
  })
  out.push('', '## The review queue on the olmOCR-tested pages', '', queueLine(queue))
  out.push('', '## Failed olmOCR tests of recto', '')
  for (const t of plain) {
    if (!passed.get('recto')!.get(t.id)) out.push(`- ${t.id} (${t.type})`)
  }
  if (process.argv.includes('--ocr')) out.push('', ...ocrReport(repo, corpus, only))
  // The tables so far are written before the repair section's OCR starts, so a failure there
  // cannot take the extraction figures with it.
  process.stdout.write(out.join('\n') + '\n\n')
  process.stdout.write((await repairSection(corpus, repairFiles(entries))).join('\n') + '\n')
}

main().catch((err: unknown) => {
  process.stderr.write(`eval: ${messageOf(err)}\n`)
  process.exit(1)
})
