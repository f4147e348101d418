/**
 * Which reference text of the corpus is scored against which PDF, and how it is made fair.
 * Every reference is some tool's or model's output, not human truth, so each kind is scored on
 * the part it covers and with its own markup removed; kinds no text-layer extractor can match
 * are listed with the reason and left out of the means.
 */

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { drawnForm } from '../src-main/layout/normalize.js'
import { RULES, type Rule } from './eval-rules.js'

export type Reference = Readonly<{
  pdf: string
  truthFile: string
  /** `all`: the whole document; `1`: page 1 only; `best`: the single page the reference is of. */
  pages: 'all' | 1 | 'best'
  text: string
  note: string
  /** How the reference is compared: what it keeps and what its order means (eval-rules.ts). */
  rule: Rule
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
 * References are read as gold text is written (DESIGN.md: as drawn, ligatures and presentation
 * forms normalised), so a tool's "ﬁ" in a reference is "fi" and its "（" stays; hypotheses are
 * scored as `recto score` scores them, unnormalised.
 */
function read(truthDir: string, name: string): string {
  return drawnForm(readFileSync(join(truthDir, name), 'utf8').replace(/^\uFEFF/, ''))
}

/**
 * Pairs each truth file of MANIFEST with its PDF and scoring rule; `modes` are each PDF's
 * declared failure modes. `contentOrder` holds PDFBox's content-order references of PDFs that
 * also have its position-sorted one, shown beside the means and left out of them.
 */
export function loadReferences(
  truthDir: string,
  truthFiles: ReadonlyMap<string, readonly string[]>,
  modes: ReadonlyMap<string, readonly string[]>
): { references: Reference[]; excluded: Excluded[]; contentOrder: Reference[] } {
  const references: Reference[] = []
  const excluded: Excluded[] = []
  const contentOrder: Reference[] = []
  for (const [pdf, files] of truthFiles) {
    const hasSorted = files.some((f) => f.endsWith('.pdf-sorted.txt'))
    for (const file of files) {
      const name = file.replace(/^truth\//, '')
      const add = (pages: Reference['pages'], text: string, note: string, rule: Rule): void => {
        references.push({ pdf, truthFile: name, pages, text, note, rule })
      }
      const skip = (reason: string): void => {
        excluded.push({ pdf, truthFile: name, reason })
      }
      if (name.startsWith('olmocr__bench') || name.startsWith('olmocr__blanks')) continue
      if (name.endsWith('.json')) continue
      if (name.startsWith('pdfbox__')) {
        // PDFTextStripper's default output follows article beads and content order: the order
        // the producer drew in, which is reading order only where it drew in reading order (a
        // footnote drawn first, PDFBOX-3042, is not). The `-sorted` output sorts by position;
        // where it exists it is the reference, and the content order is shown apart.
        const text = (): string => read(truthDir, name)
        if (name.endsWith('.pdf-sorted.txt')) {
          add('all', text(), 'PDFBox sorted by position', RULES.pdfboxSorted)
        } else if (name.endsWith('.pdf.txt')) {
          const reference: Reference = {
            pdf,
            truthFile: name,
            pages: 'all',
            text: text(),
            note: 'PDFBox default stripper',
            rule: RULES.pdfboxContent
          }
          if (hasSorted) contentOrder.push(reference)
          else references.push(reference)
        }
        continue
      }
      if (name.startsWith('docling__') && name.endsWith('.md')) {
        add('all', markdownToText(read(truthDir, name)), 'docling Markdown', RULES.docling)
      } else if (name.startsWith('pdfminer__')) {
        const form = modes.get(pdf)?.includes('form') === true
        add(
          1,
          read(truthDir, name),
          'pdfminer 2013 output, page 1 (favours pdfminer)',
          form ? RULES.pdfminerForm : RULES.pdfminer
        )
      } else if (name === 'pdfplumber__scotus-transcript-p1.txt') {
        add('all', read(truthDir, name), 'pdfplumber layout text', RULES.pdfplumber)
      } else if (name === 'pymupdf__test_3842_expected_1.28.txt') {
        add('best', read(truthDir, name), 'PyMuPDF expected text of one page', RULES.pymupdf)
      } else if (name === 'pypdf-benchmarks__GeoTopo-book.txt') {
        add('all', read(truthDir, name), 'py-pdf benchmarks, whole book', RULES.pypdf)
      } else if (name === 'olmocr__edgar.md') {
        if (pdf.includes('edgar_image')) skip('image-only PDF: no text layer to extract')
        else {
          const text = stripFrontMatter(read(truthDir, name))
          add('all', text, 'olmOCR Markdown (model output)', RULES.olmocr)
        }
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
  return { references, excluded, contentOrder }
}
