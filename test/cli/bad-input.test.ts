import { describe, expect, it } from 'vitest'
import { recto } from '../helpers/cli.js'
import { corpusPdf, fixture } from '../helpers/corpus.js'

const cases: [string, string, string][] = [
  ['a text file', fixture('bad/notes.pdf'), 'not a PDF (no %PDF- header)'],
  ['an HTML file named .pdf', fixture('bad/web-page.pdf'), 'not a PDF (an HTML page)'],
  ['a truncated PDF', fixture('bad/truncated.pdf'), 'damaged beyond repair (no pages found)'],
  [
    'a PDF encrypted with an unknown password',
    corpusPdf('pdfplumber__password-example.pdf'),
    'encrypted with an unknown password (give it with --password)'
  ],
  ['a missing file', fixture('bad/no-such-file.pdf'), 'no such file']
]

describe('bad input', () => {
  it.each(cases)('%s: text and check exit 1 with one line naming the file', (_, file, reason) => {
    for (const command of ['text', 'check']) {
      const result = recto(command, file)
      expect(result.status).toBe(1)
      expect(result.stdout).toBe('')
      expect(result.stderr).toBe(`recto: ${file}: ${reason}\n`)
    }
  })
})
