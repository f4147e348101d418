import { englishWords } from '../layout/hyphenation.js'
import { languageOfText } from '../language/text-language.js'
import { suggestFix } from '../replace/ocr-confusions.js'
import { findMatches, queryError, replaceMatches, type TextQuery } from '../replace/text-query.js'
import type { BBox } from '../shared/layout.js'
import type { Output } from '../shared/contract.js'
import { withStructure } from '../shared/page-structure.js'
import { createBatch } from '../store/batches.js'
import { appendRevision, type ReviewState } from '../store/revisions.js'
import { pageTexts } from '../store/teach-queries.js'
import { AppError } from './errors.js'
import type { Handlers } from './handler.js'
import { differsFromExtraction, extractionState } from './page-state.js'
import { blockLineTexts, blockTexts, composePageText, followsBlocks } from '../review/page-text.js'
import { loadPage } from './pages.js'
import { skippedWhileKeyed } from './keyings.js'
import { skippedWhileHeld } from './held-pages.js'

/** Matches listed at most: enough to judge a query by; a reviewer narrows a broader one. */
const MAX_MATCHES = 500
/** Pages read for suggestions at most, so a large project answers in seconds. */
const MAX_SUGGESTION_PAGES = 5000
const MAX_SUGGESTIONS = 50

type LoadedPage = ReturnType<typeof loadPage>
type Match = Output<'replace.find'>['matches'][number]

function checked(query: TextQuery): TextQuery {
  const error = queryError(query)
  if (error) throw new AppError('invalid-input', `${query.pattern}: ${error}`)
  return query
}

/** The page's lines in reading order, with their boxes, as the review screen draws them. */
function pageLines(loaded: LoadedPage): { text: string; bbox: BBox }[] {
  const { layout, page, current } = loaded
  const shown = withStructure(layout, page.analysis.roles, current.state.structure).layout
  const texts = blockLineTexts(shown)
  return current.state.order.flatMap((id) => {
    const block = shown.blocks[id]
    return block
      ? block.lines.map((line, i) => ({ text: texts[id]?.[i] ?? '', bbox: line.bbox }))
      : []
  })
}

/** The box of the line holding each match: the k-th match of a text in the k-th place it reads. */
function matchBoxes(lines: readonly { text: string; bbox: BBox }[], matches: readonly string[]) {
  const seen = new Map<string, number>()
  return matches.map((match): BBox | null => {
    const nth = seen.get(match) ?? 0
    seen.set(match, nth + 1)
    let count = 0
    for (const line of lines) {
      for (let at = line.text.indexOf(match); at >= 0; at = line.text.indexOf(match, at + 1)) {
        if (count++ === nth) return line.bbox
      }
    }
    return null
  })
}

/** The page's state with the replacement made, or null where nothing matched. */
function replaced(loaded: LoadedPage, query: TextQuery, replacement: string): ReviewState | null {
  const { layout, page, current } = loaded
  const { state } = current
  const text = replaceMatches(state.text, query, replacement)
  if (text === state.text) return null
  const extraction = extractionState(page)
  const status = (next: ReviewState): ReviewState['status'] =>
    state.status === 'approved' && differsFromExtraction(next, extraction)
      ? 'corrected'
      : state.status
  // Replaced block by block where the page text is composed from its blocks, so a later change
  // of order or role still composes it; a text typed by hand is replaced as it stands.
  const shown = withStructure(layout, page.analysis.roles, state.structure)
  const extracted = blockTexts(shown.layout, shown.roles)
  const blockTextNow = { ...state.blockText }
  for (const id of state.order) {
    const block = shown.layout.blocks[id]
    if (!block) continue
    const before = state.blockText[id] ?? extracted[id] ?? ''
    const after = replaceMatches(before, query, replacement)
    if (after !== before) blockTextNow[id] = after
  }
  const byBlocks = { ...state, blockText: blockTextNow }
  // A text saved before lists, listings and formulas kept their lines is composed anew.
  const next = followsBlocks(layout, page.analysis.roles, { ...byBlocks, text })
    ? { ...byBlocks, text: composePageText(layout, page.analysis.roles, byBlocks) }
    : { ...state, text }
  return { ...next, status: status(next) }
}

export const replaceHandlers: Handlers<'replace.find' | 'replace.apply' | 'replace.suggestions'> = {
  'replace.find': ({ query, documentIds }, ctx) => {
    checked(query)
    const matches: Match[] = []
    let pages = 0
    let truncated = false
    for (const row of pageTexts(ctx.db, documentIds)) {
      if (matches.length >= MAX_MATCHES) {
        truncated ||= findMatches(row.text, query, 1).length > 0
        if (truncated) break
        continue
      }
      const found = findMatches(row.text, query, MAX_MATCHES - matches.length)
      if (found.length === 0) continue
      pages++
      const loaded = loadPage(ctx, row.documentId, row.page)
      const boxes = matchBoxes(
        pageLines(loaded),
        found.map((m) => m.match)
      )
      found.forEach((m, i) => {
        const box = boxes[i]
        matches.push({
          documentId: row.documentId,
          documentName: row.documentName,
          pageNo: row.page,
          before: m.before,
          match: m.match,
          after: m.after,
          box: box ? [...box] : null,
          width: loaded.layout.width,
          height: loaded.layout.height,
          rotation: loaded.layout.rotation
        })
      })
    }
    return { matches, pages, truncated }
  },

  'replace.apply': ({ query, replacement, pages }, ctx) => {
    checked(query)
    const label = `replace ${JSON.stringify(query.pattern)} with ${JSON.stringify(replacement)}`
    const changed: { documentId: number; pageNo: number }[] = []
    const skipped: Output<'replace.apply'>['skipped'] = []
    const batch = ctx.db.transaction(() => {
      const made = createBatch(ctx.db, {
        kind: 'replace',
        label,
        author: ctx.author,
        example: null
      })
      for (const ref of pages) {
        if (skippedWhileKeyed(ctx, ref, skipped) || skippedWhileHeld(ctx, ref, skipped)) continue
        const loaded = loadPage(ctx, ref.documentId, ref.pageNo)
        const state = replaced(loaded, query, replacement)
        if (!state) {
          skipped.push({ ...ref, reason: 'no match' })
          continue
        }
        appendRevision(ctx.db, {
          documentId: ref.documentId,
          page: ref.pageNo,
          author: ctx.author,
          action: 'replace',
          state,
          batchId: made.id
        })
        changed.push(ref)
      }
      return made
    })()
    for (const ref of changed) ctx.emit('page.changed', ref)
    return { batchId: batch.id, label, pages: changed.length, skipped }
  },

  'replace.suggestions': ({ documentIds }, ctx) => {
    const rows = []
    const vocabulary = new Map<string, number>()
    for (const row of pageTexts(ctx.db, documentIds)) {
      if (rows.length >= MAX_SUGGESTION_PAGES) break
      rows.push(row)
      for (const word of new Set(row.text.toLowerCase().match(/[\p{L}\d]+/gu) ?? [])) {
        vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1)
      }
    }
    const english = englishWords()
    const found = new Map<string, Output<'replace.suggestions'>[number]>()
    for (const row of rows) {
      // English pages have a word list; on any page a form more frequent in the project than the
      // word itself is known (a misreading, however often repeated, is rarer than the word).
      const isEnglish = languageOfText(row.text) === 'eng'
      for (const word of new Set(row.text.match(/[\p{L}\d]+/gu) ?? [])) {
        const seen = found.get(word)
        if (seen) {
          found.set(word, { ...seen, pages: seen.pages + 1 })
          continue
        }
        const own = vocabulary.get(word.toLowerCase()) ?? 0
        const known = (lower: string): boolean =>
          (isEnglish && english.has(lower)) || (vocabulary.get(lower) ?? 0) > own
        const suggestion = suggestFix(word, known)
        if (suggestion) found.set(word, { ...suggestion, pages: 1 })
      }
    }
    return [...found.values()].sort((a, b) => b.pages - a.pages).slice(0, MAX_SUGGESTIONS)
  }
}
