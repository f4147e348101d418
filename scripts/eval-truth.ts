/**
 * Which reference text of the corpus is scored against which PDF, and how it is made fair.
 * Every reference is some tool's or model's output, not human truth, so each kind is scored on
 * the part it covers and with its own markup removed; kinds no text-layer extractor can match
 * are listed with the reason and left out of the means.
 */

import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export type Reference = Readonly<{
  pdf: string
  truthFile: string
  /** `all`: the whole document; `1`: page 1 only; `best`: the single page the reference is of. */
  pages: 'all' | 1 | 'best'
  text: string
  note: string
}>

export type Excluded = Readonly<{ pdf: string; truthFile: string; reason: string }>

/** Docling's Markdown without its markup: headings, table pipes and rules, image placeholders. */
export function markdownToText(md: string): string {
  return md
    .replace(/<!--.*?-->/g, ' ')
    .split('\n')
    .filter((line) => !/^\s*\|?\s*:?-{3,}/.test(line))
    .map((line) => line.replace(/^#{1,6}\s+/, '').replace(/\|/g, ' '))
    .join('\n')
    .replace(/\\([_*#[\]()|\\-])/g, '$1')
    .replace(/\*\*|__/g, '')
}

export function stripFrontMatter(md: string): string {
  return md.replace(/^---\n[\s\S]*?\n---\n/, '')
}

/**
 * References are read as gold text is written (DESIGN.md: NFKC-normalised), so a tool's "ﬁ" in
 * a reference is "fi"; hypotheses are scored as `recto score` scores them, unnormalised.
 */
function read(truthDir: string, name: string): string {
  return readFileSync(join(truthDir, name), 'utf8')
    .replace(/^\uFEFF/, '')
    .normalize('NFKC')
}

/** Pairs each truth file of MANIFEST with its PDF and scoring rule. */
export function loadReferences(
  truthDir: string,
  truthFiles: ReadonlyMap<string, readonly string[]>
): { references: Reference[]; excluded: Excluded[]; sorted: Reference[] } {
  const references: Reference[] = []
  const excluded: Excluded[] = []
  const sorted: Reference[] = []
  for (const [pdf, files] of truthFiles) {
    for (const file of files) {
      const name = file.replace(/^truth\//, '')
      const add = (pages: Reference['pages'], text: string, note: string): void => {
        references.push({ pdf, truthFile: name, pages, text, note })
      }
      const skip = (reason: string): void => {
        excluded.push({ pdf, truthFile: name, reason })
      }
      if (name.startsWith('olmocr__bench') || name.startsWith('olmocr__blanks')) continue
      if (name.endsWith('.json')) continue
      if (name.startsWith('pdfbox__')) {
        // PDFTextStripper's unsorted output follows article beads and content order, the author's
        // order in these files; the `-sorted` and `-tabula` variants sort by position instead.
        if (name.endsWith('.pdf.txt')) add('all', read(truthDir, name), 'PDFBox default stripper')
        // Shown beside the means, not in them: where content order is not reading order (a
        // footnote drawn first, PDFBOX-3042) the position-sorted output is the fairer reference.
        if (name.endsWith('.pdf-sorted.txt')) {
          sorted.push({
            pdf,
            truthFile: name,
            pages: 'all',
            text: read(truthDir, name),
            note: 'PDFBox sorted by position'
          })
        }
        continue
      }
      if (name.startsWith('docling__') && name.endsWith('.md')) {
        add('all', markdownToText(read(truthDir, name)), 'docling Markdown, markup removed')
      } else if (name.startsWith('pdfminer__')) {
        add(1, read(truthDir, name), 'pdfminer 2013 output, page 1 (favours pdfminer)')
      } else if (name === 'pdfplumber__scotus-transcript-p1.txt') {
        add('all', read(truthDir, name), 'pdfplumber layout text (whitespace collapsed)')
      } else if (name === 'pymupdf__test_3842_expected_1.28.txt') {
        add('best', read(truthDir, name), 'PyMuPDF expected text of one page')
      } else if (name === 'pypdf-benchmarks__GeoTopo-book.txt') {
        add('all', read(truthDir, name), 'py-pdf benchmarks ground truth, whole book')
      } else if (name === 'olmocr__edgar.md') {
        if (pdf.includes('edgar_image')) skip('image-only PDF: no text layer to extract')
        else add('all', stripFrontMatter(read(truthDir, name)), 'olmOCR Markdown (model output)')
      } else if (name.startsWith('ocrmypdf__')) {
        skip('image-only scan: no text layer, the reference is OCR output')
      } else if (name === 'pymupdf__test_2608_expected_1.28') {
        skip('expected text of a clipped region of the page, not the page')
      } else if (name === 'pypdf-benchmarks__2201.00069.txt') {
        skip('ground truth of the full 15-page paper; the PDF is a one-page excerpt')
      } else if (name.endsWith('.pickle')) {
        skip('table cells as a Python pickle, not text')
      } else {
        skip('no scoring rule for this reference kind')
      }
    }
  }
  return { references, excluded, sorted }
}
