import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PLAN_DECISIONS, PlanSummary } from '../../../src-main/shared/plan-summary.js'
import { recto } from '../../helpers/cli.js'
import { samplesProject, servedApp } from '../fixtures.js'

const WAIT = { timeout: 30_000 }
const saved = process.env['RECTO_CONFIG_DIR']
let dbFile = ''

/** The samples, with a pricing file and a stored OCR throughput for either backend. */
const app = servedApp('recto-plan-ui-', (dir) => {
  const config = join(dir, 'config')
  mkdirSync(config)
  writeFileSync(
    join(config, 'pricing.json'),
    JSON.stringify({
      currency: 'USD',
      schemes: [{ name: 'per page', tokensPerPage: 1000, inputPricePerMillion: 4 }]
    })
  )
  const measured = (backend: string) => ({ backend, secondsPerPage: 2.5, measured: 'by hand' })
  writeFileSync(
    join(config, 'ocr-throughput.json'),
    JSON.stringify({ tesseract: measured('tesseract'), 'tesseract.js': measured('tesseract.js') })
  )
  // `recto serve` and `recto plan`, started from here, read the same settings.
  process.env['RECTO_CONFIG_DIR'] = config
  dbFile = samplesProject(dir)
  return dbFile
})

afterAll(() => {
  if (saved === undefined) delete process.env['RECTO_CONFIG_DIR']
  else process.env['RECTO_CONFIG_DIR'] = saved
})

describe('the plan in the library', () => {
  it('shows what recto plan --db says about the project', async () => {
    const { page } = app
    const plan = PlanSummary.parse(JSON.parse(recto('plan', '--db', dbFile, '--json').stdout))
    expect(plan.decisions.ocr.pages).toBeGreaterThan(0)
    await page.goto(app.served.url)
    const section = page.getByRole('region', { name: 'Cascade plan' })
    await section.waitFor(WAIT)
    const counts = section.getByRole('list', { name: 'Pages by decision' }).getByRole('listitem')
    await expect
      .poll(() => counts.allInnerTexts(), WAIT)
      .toEqual(
        PLAN_DECISIONS.map((d) => {
          const { pages, share } = plan.decisions[d]
          return `${d} ${pages} (${(share * 100).toFixed(1)}%)`
        })
      )
    const perPage = String(plan.ocr.secondsPerPage).replace('.', '\\.')
    await section
      .getByText(
        new RegExp(
          `OCR: ${plan.ocr.pages} pages, about \\d+ s \\(\\S+, ${perPage} s a page\\)`,
          'u'
        )
      )
      .waitFor(WAIT)
    const failing = plan.vision!.schemes[0]!.failing
    await section
      .getByText(`per page: ${failing.cost.toFixed(2)} USD for the ${failing.pages} failing pages`)
      .waitFor(WAIT)
  })
})
