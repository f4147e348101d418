import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../../helpers/corpus.js'
import { screenshot, servedApp } from '../fixtures.js'
import { LibraryPage } from '../page-models/library-page.js'

const WAIT = { timeout: 30_000 }
const app = servedApp('recto-library-', (dir) => join(dir, 'empty.sqlite'))

describe('adding PDFs from the library', () => {
  it('ingests a folder and shows its progress and documents live', async () => {
    const { page } = app
    const library = new LibraryPage(page)
    await page.goto(app.served.url)
    await page.getByText('No documents yet').waitFor(WAIT)

    await page.getByRole('button', { name: 'Add PDFs…' }).click()
    await page
      .getByRole('textbox', { name: /one path per line/ })
      .fill(join(REPO_ROOT, 'resources', 'samples'))
    await page.getByRole('button', { name: 'Ingest', exact: true }).click()

    const progress = page.getByRole('region', { name: 'Ingestion progress' })
    await progress.getByText('4 of 4 files').waitFor(WAIT)
    await progress.getByText('succeeded').waitFor(WAIT)
    await expect.poll(() => progress.getByText(/7 of 7 pages/).count(), WAIT).toBe(1)
    await library.document('scanned-page.pdf').waitFor(WAIT)
    await expect.poll(() => library.documents.count(), WAIT).toBe(5)
    const scanned = page.getByRole('row', { name: /scanned-page\.pdf/ })
    await expect.poll(() => scanned.textContent(), WAIT).toContain('1 error')

    // The rest of the cascade (font repair, then OCR) follows as a job of its own, with a Stop.
    const cascade = page.getByRole('region', { name: 'OCR progress' })
    await cascade.getByRole('button', { name: 'Stop' }).click()
    await cascade.getByText('cancelled').waitFor(WAIT)
  })

  it('says why a path cannot be ingested', async () => {
    const { page } = app
    await page.getByRole('button', { name: 'Add PDFs…' }).click()
    await page.getByRole('textbox', { name: /one path per line/ }).fill('/no/such/folder')
    await page.getByRole('button', { name: 'Ingest', exact: true }).click()
    const failed = page.getByRole('region', { name: 'Ingestion progress' }).first()
    await failed.getByText('1 file failed').waitFor(WAIT)
    await failed.getByText('1 file failed').click()
    await failed.getByText('/no/such/folder').waitFor(WAIT)
    // The run ended, but not well: it does not say "succeeded" above its failure.
    await failed.getByText('Finished, 1 of 1 failed').waitFor(WAIT)
    expect(await failed.getByText('succeeded').count()).toBe(0)
  })

  it('uploads a PDF picked in the browser, and records a file that is not one', async () => {
    const { page } = app
    const library = new LibraryPage(page)
    await page.getByRole('button', { name: 'Add PDFs…' }).click()
    const picker = page.getByLabel('PDF files to upload')
    await picker.setInputFiles(join(REPO_ROOT, 'resources', 'samples', 'running-headers.pdf'))
    await screenshot(page, 'upload-picked')
    // The same file was ingested from the folder: the upload is the same document, not a copy.
    const progress = page.getByRole('region', { name: 'Ingestion progress' }).first()
    await progress.getByText('1 of 1 files').waitFor(WAIT)
    await progress.getByText('succeeded').waitFor(WAIT)
    expect(await library.documents.count()).toBe(5)

    const fake = join(app.dir, 'notes.pdf')
    writeFileSync(fake, 'These are notes, not a PDF.\n')
    await page.getByRole('button', { name: 'Add PDFs…' }).click()
    await page.getByLabel('PDF files to upload').setInputFiles(fake)
    const row = page.getByRole('row', { name: /notes\.pdf/ })
    await expect.poll(() => row.textContent(), WAIT).toContain('error: ')
    const uploaded = join(app.dir, 'empty-uploads')
    expect(readdirSync(uploaded)).toHaveLength(2)
    // Nothing of it was read: it opens no empty queue, and offers to retry or remove it.
    expect(await row.getByRole('button', { name: 'notes.pdf' }).count()).toBe(0)
    await screenshot(page, 'upload-not-a-pdf')

    // A retry is a run of its own, which fails on the file again, saying so.
    const notesRuns = page
      .getByRole('region', { name: 'Ingestion progress' })
      .filter({ hasText: 'notes.pdf' })
      .filter({ hasText: 'Finished, 1 of 1 failed' })
    expect(await notesRuns.count()).toBe(1)
    await row.getByRole('button', { name: 'Retry', exact: true }).click()
    await expect.poll(() => notesRuns.count(), WAIT).toBe(2)
    await row.getByRole('button', { name: 'Remove', exact: true }).click()
    await row.getByRole('button', { name: 'Yes, remove', exact: true }).click()
    await row.waitFor({ state: 'detached', ...WAIT })
    expect(await library.documents.count()).toBe(5)
  })
})
