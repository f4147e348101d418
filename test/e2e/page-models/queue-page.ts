import type { Locator, Page } from 'playwright-core'

export class QueuePage {
  readonly list: Locator
  readonly rows: Locator
  readonly selected: Locator
  /** Pages needing attention (the default) or all of them. */
  readonly pagesFilter: Locator

  constructor(readonly page: Page) {
    this.list = page.getByRole('listbox', { name: 'Pages to review' })
    this.rows = this.list.getByRole('option')
    this.selected = this.list.locator('[aria-selected="true"]')
    this.pagesFilter = page.getByRole('combobox', { name: 'Pages', exact: true })
  }

  /** Lists the pages the engine passed as ok too (the samples' text pages all are). */
  async showAll(): Promise<void> {
    await this.pagesFilter.selectOption('all')
  }

  row(documentName: string, pageNo: number): Locator {
    return this.list.getByRole('option', { name: `Page ${pageNo} of ${documentName}`, exact: true })
  }

  thumbnail(documentName: string, pageNo: number): Locator {
    return this.row(documentName, pageNo).getByRole('img', {
      name: `Thumbnail of page ${pageNo} of ${documentName}`
    })
  }
}
