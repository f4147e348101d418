import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { characterErrorRate } from '../../src-main/error-rate/error-rate.js'
import { saveFontCodes } from '../../src-main/store/font-maps.js'
import { openDatabase } from '../../src-main/store/open.js'
import type { DocumentSummary } from '../../src-main/shared/contract.js'
import { testBackend } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'
import { FONT_MAP_TRUTH, fontMapPdf } from '../helpers/font-map-pdf.js'

const api = testBackend()
const files = tempDir('recto-fonts-')
let missing: DocumentSummary
let shifted: DocumentSummary

async function pageText(documentId: number, pageNo: number): Promise<string> {
  return (await api.call('pages.get', { documentId, pageNo })).extractedText
}

beforeAll(async () => {
  writeFileSync(join(files.dir, 'missing.pdf'), fontMapPdf('missing'))
  writeFileSync(join(files.dir, 'shifted.pdf'), fontMapPdf('shifted'))
  const { jobId } = await api.call('documents.add', { paths: [files.dir] })
  await api.waitFor('job.finished', (job) => job.id === jobId)
  const docs = await api.call('documents.list', {})
  missing = docs.find((d) => d.name === 'missing.pdf')!
  shifted = docs.find((d) => d.name === 'shifted.pdf')!
})

afterAll(async () => {
  await api.close()
  files.remove()
})

describe('font maps through the API', () => {
  it('repairs a document, and the other document embedding the same program with it', async () => {
    expect(
      characterErrorRate(FONT_MAP_TRUTH[0]!, await pageText(shifted.id, 1)).rate
    ).toBeGreaterThan(0.5)
    // Stopped while it reads its lines, a repair keeps nothing it learned.
    const stopped = await api.call('fonts.repair', { documentId: missing.id })
    await api.waitFor(
      'job.progress',
      (job) => job.id === stopped.jobId && job.pages.done >= 1 && job.pages.total > 1
    )
    await api.call('jobs.cancel', { jobId: stopped.jobId })
    const cancelled = await api.waitFor('job.finished', (job) => job.id === stopped.jobId)
    expect(cancelled).toMatchObject({ kind: 'font-repair', status: 'cancelled' })
    expect(cancelled.pages.done).toBeLessThan(cancelled.pages.total)
    expect(await api.call('fonts.list', { documentId: missing.id })).toEqual([])

    const { jobId } = await api.call('fonts.repair', { documentId: missing.id })
    const finished = await api.waitFor('job.finished', (job) => job.id === jobId)
    expect(finished).toMatchObject({ kind: 'font-repair', status: 'succeeded', errors: [] })
    expect(finished.pages.done).toBe(finished.pages.total)
    // The progress came line by line, never backwards.
    const done = api.events
      .filter((e) => e.name === 'job.progress' && (e.payload as { id: string }).id === jobId)
      .map((e) => (e.payload as { pages: { done: number } }).pages.done)
    expect(new Set(done).size).toBeGreaterThan(3)
    expect(done).toEqual([...done].sort((a, b) => a - b))
    const [program] = await api.call('fonts.list', { documentId: missing.id })
    expect(program?.documents).toBe(2)
    for (const doc of [missing, shifted]) {
      for (const [i, truth] of FONT_MAP_TRUTH.entries()) {
        expect(characterErrorRate(truth, await pageText(doc.id, i + 1)).rate).toBeLessThan(0.02)
      }
    }
    const page = await api.call('pages.get', { documentId: shifted.id, pageNo: 2 })
    expect(page.flags.find((f) => f.code === 'font_repaired')?.message).toMatch(
      /learned from OCR of its glyphs$/
    )
  }, 120_000)

  it('lists the program with its codes, each with the glyph it was read from', async () => {
    const [program] = await api.call('fonts.list', { documentId: shifted.id })
    expect(program).toMatchObject({ name: 'Times-Roman', codeWidth: 2, documents: 2 })
    expect(program!.codes.ocr).toBeGreaterThan(40)
    const codes = await api.call('fonts.codes', { program: program!.id })
    const q = codes.find((c) => c.text === 'q')
    expect(q).toMatchObject({ source: 'ocr' })
    expect(Buffer.from(q!.glyph!, 'base64').subarray(1, 4).toString()).toBe('PNG')
  })

  it("stores a reviewer's edit of a code and reads every document with it", async () => {
    const [program] = await api.call('fonts.list', {})
    const codes = await api.call('fonts.codes', { program: program!.id })
    const x = codes.find((c) => c.text === 'x')!
    const result = await api.call('fonts.setCode', {
      program: program!.id,
      code: x.code,
      text: 'X'
    })
    expect(result.documents).toHaveLength(2)
    expect(await pageText(shifted.id, 1)).toContain('brown foX jumps')
    const page = await api.call('pages.get', { documentId: missing.id, pageNo: 1 })
    expect(page.flags.find((f) => f.code === 'font_repaired')?.message).toMatch(
      /edited by a reviewer$/
    )
    const after = await api.call('fonts.codes', { program: program!.id })
    expect(after.find((c) => c.code === x.code)).toMatchObject({ text: 'X', source: 'edited' })
  })

  it('exports the map as a ToUnicode CMap', async () => {
    const [program] = await api.call('fonts.list', {})
    const codes = await api.call('fonts.codes', { program: program!.id })
    const { fileName, cmap } = await api.call('fonts.cmap', { program: program!.id })
    expect(fileName).toMatch(/^Times-Roman-[0-9a-f]{12}\.cmap$/)
    expect(cmap).toContain('begincmap')
    const t = codes.find((c) => c.text === 'T')!
    expect(cmap).toContain(`<${t.code.toString(16).toUpperCase().padStart(4, '0')}> <0054>`)
  })
})

describe("a reviewer's corrected words", () => {
  it('correct a code the OCR misread, in every document using the font', async () => {
    const [program] = await api.call('fonts.list', {})
    const codes = await api.call('fonts.codes', { program: program!.id })
    const q = codes.find((c) => c.text === 'q')!
    // As if recognition had read q as g: the engine's own store, written as a repair would.
    const db = openDatabase(api.dbFile)
    saveFontCodes(db, program!.id, [{ ...q, text: 'g', glyph: null }])
    db.close()
    // Any edit reads the documents again, now with the misread q.
    const comma = codes.find((c) => c.text === ',')!
    await api.call('fonts.setCode', { program: program!.id, code: comma.code, text: ',' })
    expect(await pageText(missing.id, 1)).toContain('The guick brown')

    const page = await api.call('pages.get', { documentId: missing.id, pageNo: 1 })
    const corrected = page.blockText[0]!.replace('guick', 'quick')
    await api.call('revisions.save', {
      documentId: missing.id,
      pageNo: 1,
      order: [...page.state.order],
      excluded: [...page.state.excluded],
      blockText: { 0: corrected },
      pageText: null,
      status: 'corrected'
    })
    const learned = await api.call('fonts.learnFromReview', { documentId: missing.id })
    expect(learned.codes).toBe(1)
    expect(learned.documents).toHaveLength(2)
    const after = await api.call('fonts.codes', { program: program!.id })
    expect(after.find((c) => c.code === q.code)).toMatchObject({ text: 'q', source: 'reviewer' })
    expect(await pageText(shifted.id, 2)).toContain('the quality of a map')
  })
})
