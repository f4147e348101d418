import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { samplesProject, screenshot, servedApp } from '../fixtures.js'
import { GoldPage } from '../page-models/gold-page.js'

const WAIT = { timeout: 30_000 }
const app = servedApp('recto-exports-', samplesProject)

const FORMATS = [
  { name: 'JSONL', target: 'corpus.jsonl', label: 'JSONL file' },
  { name: 'Markdown', target: 'markdown', label: 'Markdown folder' },
  { name: 'PAGE-XML', target: 'page-xml', label: 'PAGE-XML folder' }
] as const

describe('every export started from the app', () => {
  it('writes JSONL, Markdown and PAGE-XML where the reviewer says', async () => {
    const { page } = app
    await page.goto(app.served.url)
    const gold = new GoldPage(page)
    await gold.goldLink.click()
    const exports = page.getByRole('region', { name: 'Other exports' })
    await exports.waitFor(WAIT)
    // The places offered at first sit beside the project's database.
    await expect
      .poll(() => exports.getByRole('textbox', { name: 'JSONL file' }).inputValue(), WAIT)
      .toBe(join(app.dir, 'review.jsonl'))

    for (const format of FORMATS) {
      const target = join(app.dir, 'out', format.target)
      await exports.getByRole('textbox', { name: format.label }).fill(target)
      await exports.getByRole('button', { name: `Export ${format.name}`, exact: true }).click()
      const result = exports.getByRole('status', { name: `${format.name} result` })
      await result.waitFor(WAIT)
      expect((await result.textContent())?.replace(/\s+/gu, ' ')).toContain(`to ${target}:`)
    }
    await screenshot(page, 'exports', true)

    const out = join(app.dir, 'out')
    const lines = readFileSync(join(out, 'corpus.jsonl'), 'utf8').trim().split('\n')
    const summary = await exports.getByRole('status', { name: 'JSONL result' }).textContent()
    expect(summary?.replace(/\s+/gu, ' ')).toContain(`Exported ${lines.length} pages`)
    expect(readdirSync(join(out, 'markdown')).some((name) => name.endsWith('.md'))).toBe(true)
    const xml = readdirSync(join(out, 'page-xml')).filter((name) => name.endsWith('.xml'))
    expect(xml).toHaveLength(lines.length)
    expect(existsSync(join(out, 'page-xml', xml[0]!.replace(/\.xml$/u, '.png')))).toBe(true)
  })
})
