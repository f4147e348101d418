import { test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { pageFlags } from '../../src-main/checks/index.js'
import { rawText } from '../../src-main/extract/raw-text.js'
import { readingOrder } from '../../src-main/layout/order.js'
import { pageText } from '../../src-main/layout/page-text.js'
import { blockRoles } from '../../src-main/layout/roles.js'
import { documentStats } from '../../src-main/analysis/document-stats.js'
import { pageDigest } from '../../src-main/analysis/page-digest.js'
import type { Flag } from '../../src-main/shared/flags.js'
import { layoutArbitrary } from '../helpers/layout-arbitrary.js'
import { propertyRuns } from '../helpers/property-runs.js'

/** The evidence fields that name blocks, by flag code: lists of ids, or lists of such lists. */
const BLOCK_EVIDENCE: Readonly<Partial<Record<Flag['code'], readonly string[]>>> = {
  header_footer: ['blocks'],
  table: ['grids', 'tableBlocks'],
  duplicate_glyphs: ['copies']
}

function namedBlocks(flag: Flag): unknown[] {
  return (BLOCK_EVIDENCE[flag.code] ?? []).flatMap((key) => {
    const value = flag.evidence[key]
    return Array.isArray(value) ? value.flat() : value === undefined ? [] : [value]
  })
}

describe('the checks over generated layouts', () => {
  test.prop([layoutArbitrary()], propertyRuns(120))(
    'never throw, and name only blocks the page has',
    (layout) => {
      const doc = documentStats([pageDigest(layout)])
      const order = readingOrder(layout)
      const roles = blockRoles(layout, doc.running, doc.bodySize)
      const text = pageText(layout, order, roles)
      const flags = pageFlags({ layout, order, roles, text, rawText: rawText(layout), doc })
      const ids = new Set(layout.blocks.map((b) => b.id))
      for (const flag of flags) {
        for (const id of namedBlocks(flag)) {
          expect({ code: flag.code, id, known: ids.has(id as number) }).toEqual({
            code: flag.code,
            id,
            known: true
          })
        }
        // Evidence is stored as JSON: what the check said must survive it.
        expect(JSON.parse(JSON.stringify(flag.evidence))).toEqual(flag.evidence)
      }
    }
  )
})
