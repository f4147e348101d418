import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabaseReadOnly } from '../../../src-main/store/open.js'
import { templatePdf } from '../../helpers/template-pdf.js'
import { samplesProject, screenshot, servedApp } from '../fixtures.js'

const WAIT = { timeout: 60_000 }
const app = servedApp('recto-upload-cascade-', samplesProject)

/** Each page's decision and whether OCR read it, as the database holds them. */
function pagesNow(): string[] {
  const db = openDatabaseReadOnly(join(app.dir, 'review.sqlite'))
  try {
    return (
      db
        .prepare(
          `SELECT p.document_id, p.page_no, p.decision,
             EXISTS (SELECT 1 FROM text_layers t
               WHERE t.document_id = p.document_id AND t.page_no = p.page_no) AS ocr
           FROM pages p ORDER BY p.document_id, p.page_no`
        )
        .all() as { document_id: number; page_no: number; decision: string; ocr: number }[]
    ).map((p) => `${p.document_id}/${p.page_no} ${p.decision}${p.ocr ? ' ocr-read' : ''}`)
  } finally {
    db.close()
  }
}

describe('uploading a file to a project with scans waiting for OCR', () => {
  it("reads the new file and leaves the other documents' pages as they were", async () => {
    const { page } = app
    await page.goto(app.served.url)
    await page.getByRole('button', { name: 'Add PDFs…' }).waitFor(WAIT)
    const before = pagesNow()
    // The samples' two scans are waiting for OCR nobody asked for yet.
    expect(before.filter((p) => p.endsWith(' ocr'))).toHaveLength(2)

    const file = join(app.dir, 'report.pdf')
    writeFileSync(file, templatePdf(['two-column', 'wide-left']))
    await page.getByRole('button', { name: 'Add PDFs…' }).click()
    await page.getByLabel('PDF files to upload').setInputFiles(file)
    const progress = page.getByRole('region', { name: 'Ingestion progress' }).first()
    await progress.getByText('succeeded').waitFor(WAIT)
    await page.getByRole('button', { name: 'report.pdf', exact: true }).waitFor(WAIT)

    // Every job the upload started has ended (its cascade had nothing of the new file to read).
    const running = () =>
      page.evaluate(async () => {
        const token = new URLSearchParams(location.search).get('token') ?? ''
        const response = await fetch('/rpc/jobs.list', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Recto-Token': token },
          body: '{}'
        })
        const { value } = (await response.json()) as { value: { kind: string; status: string }[] }
        return {
          ocrJobs: value.filter((job) => job.kind === 'ocr').length,
          unfinished: value.filter((job) => job.status === 'queued' || job.status === 'running')
            .length
        }
      })
    await expect.poll(running, WAIT).toEqual({ ocrJobs: 1, unfinished: 0 })
    expect(pagesNow().slice(0, before.length)).toEqual(before)
    expect(await page.getByRole('region', { name: 'OCR progress' }).count()).toBe(0)
    await screenshot(page, 'upload-cascade')
  })
})
