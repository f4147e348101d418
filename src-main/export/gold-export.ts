import { extractPages } from '../extract/single-page.js'
import type { FlagCode } from '../shared/flags.js'
import type { PageStatus } from '../shared/page.js'
import type { ReadableDB } from '../store/db.js'
import { documentPaths, getDocument, type DocumentRow } from '../store/documents.js'
import { countExportPages, documentNames, type ExportPageRef } from '../store/export-queries.js'
import { pageFlags } from '../store/flags.js'
import { doubleKeyedGold, pagesAwaitingAdjudication } from '../store/keyings.js'
import { currentState, latestRevision } from '../store/revisions.js'
import { AtomicFolder, type BeforeRename, type WriteOutcome } from './atomic-write.js'
import { documentStems, pageEntryName } from './entry-name.js'
import { goldText } from './gold-text.js'
import { MANIFEST_FILE, parseManifest, type ManifestLine } from './manifest.js'
import { walkDocuments, walkPages } from './page-walk.js'
import { packageVersion } from '../install/package-root.js'
import { readSourcePdf } from './source-file.js'
import { messageOf } from '../shared/error-message.js'
import { DEFAULT_GOLD_STATUSES } from './gold-statuses.js'

export type ExportProgress = (done: number, total: number) => void

export type GoldExportOptions = Readonly<{
  statuses?: readonly PageStatus[]
  /** One entry per document (its exported pages, in order) instead of one per page. */
  perDocument?: boolean
  onProgress?: ExportProgress
  beforeRename?: BeforeRename
}>

export type EntryError = Readonly<{ entry: string; reason: string }>

export type GoldExportReport = Readonly<{
  dir: string
  entries: number
  added: readonly string[]
  changed: readonly string[]
  unchanged: readonly string[]
  /** Entries of the previous export whose pages no longer qualify; their files are gone. */
  removed: readonly string[]
  errors: readonly EntryError[]
  /**
   * Double-keyed pages (by per-page entry name) still waiting for a keying or their
   * adjudication: none of them is gold yet, whatever their status.
   */
  awaitingAdjudication: readonly string[]
}>

/** Pages grouped into entries: one page each, or each document's pages. */
function entryGroups(
  db: ReadableDB,
  statuses: readonly PageStatus[],
  perDocument: boolean
): AsyncGenerator<ExportPageRef[]> {
  if (perDocument) return walkDocuments(db, statuses)
  return (async function* () {
    for await (const ref of walkPages(db, statuses)) yield [ref]
  })()
}

function combine(a: WriteOutcome, b: WriteOutcome): WriteOutcome {
  if (a === 'unchanged' && b === 'unchanged') return 'unchanged'
  return a === 'added' && b === 'added' ? 'added' : 'changed'
}

function entryStatus(refs: readonly ExportPageRef[]): PageStatus {
  return refs.some((r) => r.status === 'corrected') ? 'corrected' : refs[0]!.status
}

/**
 * Writes the gold set: `<entry>.pdf` (just the entry's pages), `<entry>.txt` (the reviewed text)
 * and `manifest.jsonl`. Every file is replaced atomically and only when its bytes change, so a
 * second export of the same project touches nothing; the manifest is written last, describing
 * only entries whose files are complete.
 */
export async function exportGold(
  db: ReadableDB,
  dir: string,
  options: GoldExportOptions = {}
): Promise<GoldExportReport> {
  const statuses = options.statuses ?? DEFAULT_GOLD_STATUSES
  const folder = new AtomicFolder(dir, options.beforeRename)
  await folder.prepare()
  const previous = await readPreviousManifest(folder)
  const stems = documentStems(documentNames(db))
  const total = countExportPages(db, statuses)
  const version = packageVersion()
  const lines: ManifestLine[] = []
  const outcomes: Record<WriteOutcome, string[]> = { added: [], changed: [], unchanged: [] }
  const errors: EntryError[] = []
  let source: { document: DocumentRow; file: Promise<{ bytes: Uint8Array }> } | null = null
  let done = 0
  options.onProgress?.(0, total)
  const awaiting = pagesAwaitingAdjudication(db)
  const waits = new Set(awaiting.map((p) => `${p.documentId}/${p.pageNo}`))

  for await (const group of entryGroups(db, statuses, options.perDocument ?? false)) {
    const refs = group.filter((r) => !waits.has(`${r.documentId}/${r.page}`))
    done += group.length - refs.length
    if (refs.length === 0) continue
    const documentId = refs[0]!.documentId
    const document = getDocument(db, documentId)!
    const stem = stems.get(documentId) ?? `document-${documentId}`
    const entry = options.perDocument ? stem : pageEntryName(stem, refs[0]!.page)
    const pages = refs.map((r) => r.page)
    let pdf: Uint8Array
    try {
      if (source?.document.id !== documentId) {
        const file = readSourcePdf(documentPaths(db, documentId), document.sha256)
        file.catch(() => undefined)
        source = { document, file }
      }
      pdf = extractPages((await source.file).bytes, pages)
    } catch (error) {
      // A missing or unreadable source fails this entry only; its earlier files, if any, stay
      // valid gold, so the manifest keeps describing them. Write failures abort the export.
      errors.push({ entry, reason: messageOf(error) })
      const earlier = previous.get(entry)
      if (earlier) lines.push(earlier)
      done += refs.length
      options.onProgress?.(done, total)
      continue
    }
    const texts: string[] = []
    const doubleKeyed: NonNullable<ManifestLine['doubleKeyed']> = []
    const flags = new Set<FlagCode>()
    let revision: { id: number; author: string; createdAt: string } | null = null
    for (const page of pages) {
      const latest = latestRevision(db, documentId, page)
      texts.push(latest ? latest.state.text : currentState(db, documentId, page)!.state.text)
      if (latest && (revision === null || latest.id > revision.id)) revision = latest
      for (const f of pageFlags(db, documentId, page)) flags.add(f.code)
      const keyed = doubleKeyedGold(db, { documentId, pageNo: page })
      if (keyed) {
        const { keyers, adjudicator, agreementCer } = keyed
        doubleKeyed.push({ page, keyers: [...keyers], adjudicator, agreementCer })
      }
    }
    const pdfOutcome = await folder.write(`${entry}.pdf`, pdf)
    const txtOutcome = await folder.write(`${entry}.txt`, goldText(texts))
    outcomes[combine(pdfOutcome, txtOutcome)].push(entry)
    lines.push({
      entry,
      source: document.name,
      sha256: document.sha256,
      page: pages[0]!,
      pages,
      revision: revision?.id ?? null,
      status: entryStatus(refs),
      flags: [...flags].sort(),
      reviewer: revision?.author ?? null,
      time: revision?.createdAt ?? null,
      recto: version,
      ...(doubleKeyed.length > 0 ? { doubleKeyed } : {})
    })
    done += refs.length
    options.onProgress?.(done, total)
  }

  const current = new Set(lines.map((l) => l.entry))
  const removed: string[] = []
  for (const entry of previous.keys()) {
    if (current.has(entry) || !isPlainName(entry)) continue
    await folder.remove(`${entry}.pdf`)
    await folder.remove(`${entry}.txt`)
    removed.push(entry)
  }
  await folder.write(MANIFEST_FILE, lines.map((l) => JSON.stringify(l) + '\n').join(''))
  await folder.finish()
  return {
    dir: folder.dir,
    entries: lines.length,
    ...outcomes,
    removed,
    errors,
    awaitingAdjudication: awaiting.map((p) =>
      pageEntryName(stems.get(p.documentId) ?? `document-${p.documentId}`, p.pageNo)
    )
  }
}

/** A manifest may have been edited by hand: only names this export could have made are removed. */
function isPlainName(entry: string): boolean {
  return /^[^/\\.][^/\\]*$/u.test(entry)
}

async function readPreviousManifest(folder: AtomicFolder): Promise<Map<string, ManifestLine>> {
  const text = await folder.readRegular(MANIFEST_FILE)
  const lines = text === null ? [] : parseManifest(text)
  return new Map(lines.map((l) => [l.entry, l]))
}
