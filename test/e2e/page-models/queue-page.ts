import type { Locator, Page } from 'playwright-core'

export class QueuePage {
  readonly list: Locator
  readonly rows: Locator
  readonly selected: Locator

  constructor(readonly page: Page) {
    this.list = page.getByRole('listbox', { name: 'Pages to review' })
    this.rows = this.list.getByRole('option')
    this.selected = this.list.locator('[aria-selected="true"]')
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
