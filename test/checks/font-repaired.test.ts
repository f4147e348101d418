import { describe, expect, it } from 'vitest'
import { fontRepaired, letterSalad } from '../../src-main/checks/font-repaired.js'
import type { PageLayout } from '../../src-main/shared/layout.js'
import { checkInput } from '../helpers/check-input.js'
import { syntheticLayout } from '../helpers/store-pages.js'

const QUOTE = 'The degree to which an individual believes that using a particular system'

/** A page whose first two blocks are drawn with a repaired font, the others with Helvetica. */
function repairedPage(repaired: readonly string[], plain: readonly string[]): PageLayout {
  const layout = syntheticLayout(1, [...repaired, ...plain])
  return {
    ...layout,
    blocks: layout.blocks.map((block, i) =>
      i >= repaired.length
        ? block
        : {
            ...block,
            lines: block.lines.map((line) => ({
              ...line,
              spans: line.spans.map((span) => ({ ...span, font: 'Cambria-Italic' }))
            }))
          }
    ),
    fonts: [
      {
        resource: 'F4',
        baseFont: 'Cambria-Italic',
        subtype: 'Type1',
        encoding: 'builtin+Differences',
        hasToUnicode: true,
        embedded: true,
        repair: 'ocr'
      }
    ]
  }
}

describe('font_repaired', () => {
  it('sends a page to review when the repaired text glues its words (a space read as "f")', () => {
    const glued = QUOTE.replaceAll(' ', 'f')
    const [flag] = fontRepaired(checkInput(repairedPage([glued, glued.toUpperCase()], [QUOTE])))
    expect(flag?.severity).toBe('warn')
    expect(flag?.message).toContain('does not read as words: 2 runs of 20 or more letters')
  })

  it('keeps a note for a repaired map that reads as words, whatever the other fonts say', () => {
    const glued = QUOTE.replaceAll(' ', '')
    const [flag] = fontRepaired(checkInput(repairedPage([QUOTE, QUOTE], [glued, glued])))
    expect(flag?.severity).toBe('info')
    expect(flag?.evidence).not.toHaveProperty('salad')
  })

  it('tells a swapped alphabet and one long compound apart', () => {
    expect(letterSalad('Qtrrdkk vzr gdqd pmc sgd vnqkc vzr pthds '.repeat(4))).toMatch(/vowels/)
    expect(letterSalad('Die Bundesverfassungsgerichtsentscheidung kam spät.')).toBeNull()
  })
})
