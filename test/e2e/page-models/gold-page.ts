import type { Locator, Page } from 'playwright-core'

/** The Gold and Scores screens. */
export class GoldPage {
  readonly goldLink: Locator
  readonly scoresLink: Locator
  readonly entries: Locator
  readonly folder: Locator
  readonly exportButton: Locator
  readonly summary: Locator
  readonly scoreButton: Locator
  readonly extractorChart: Locator
  readonly flagChart: Locator
  readonly entryScores: Locator

  constructor(readonly page: Page) {
    this.goldLink = page.getByRole('link', { name: 'Gold', exact: true })
    this.scoresLink = page.getByRole('link', { name: 'Scores', exact: true })
    this.entries = page.getByRole('table', { name: 'Gold entries' }).getByRole('row')
    this.folder = page.getByRole('textbox', { name: 'Gold folder' })
    this.exportButton = page.getByRole('button', { name: 'Export gold set…' })
    this.summary = page.getByRole('status', { name: 'Export summary' })
    this.scoreButton = page.getByRole('button', { name: 'Score', exact: true })
    this.extractorChart = page.getByRole('img', { name: 'Mean CER per extractor' })
    this.flagChart = page.getByRole('img', { name: 'Mean CER per flag' })
    this.entryScores = page.getByRole('table', { name: 'Entry scores' }).getByRole('row')
  }

  entry(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true })
  }

  /** The bars of a chart as label → value (a rate from 0 to 1). */
  async bars(chart: Locator): Promise<Record<string, number>> {
    const bars: Record<string, number> = {}
    for (const bar of await chart.locator('[data-bar]').all()) {
      bars[(await bar.getAttribute('data-bar')) ?? ''] = Number(
        await bar.getAttribute('data-value')
      )
    }
    return bars
  }
}
