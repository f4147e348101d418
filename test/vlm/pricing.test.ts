import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PlanTally } from '../../src-main/plan/plan-tally.js'
import { pageInputTokens, readPricing, type PricingFile } from '../../src-main/vlm/pricing.js'
import { tempDir } from '../helpers/db.js'

const tmp = tempDir('recto-pricing-')
afterAll(() => tmp.remove())

/** Tiles as the large vision models bill them, and a flat price a page. */
const CONFIG = {
  currency: 'EUR',
  schemes: [
    {
      name: 'tiles-512',
      tiles: {
        size: 512,
        tokensPerTile: 170,
        baseTokens: 85,
        dpi: 150,
        maxSide: 2048,
        shortSide: 768
      },
      outputTokensPerPage: 500,
      inputPricePerMillion: 2.5,
      outputPricePerMillion: 10
    },
    { name: 'flat', tokensPerPage: 1500, inputPricePerMillion: 3 }
  ]
}

async function pricing(config: unknown): Promise<PricingFile | string | null> {
  const file = join(tmp.dir, `pricing-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config))
  return readPricing(file)
}

describe('vision-model pricing', () => {
  it('counts the tiles of a page as rendered and scaled down', async () => {
    const [tiles] = ((await pricing(CONFIG)) as PricingFile).schemes
    // Letter at 150 dpi is 1275 x 1650 px; its short side to 768 gives 768 x 994: 2 x 2 tiles.
    expect(pageInputTokens(tiles!, 612, 792)).toBe(85 + 4 * 170)
    // A4: 1240 x 1754 px, then 768 x 1087: 2 x 3 tiles.
    expect(pageInputTokens(tiles!, 595, 842)).toBe(85 + 6 * 170)
    // A small label, 200 x 100 pt: 417 x 208 px, no scaling, 1 tile.
    expect(pageInputTokens(tiles!, 200, 100)).toBe(85 + 170)
  })

  it('prices the failing pages and every page as the config says, worked by hand', async () => {
    const prices = await pricing(CONFIG)
    const tally = new PlanTally({ file: 'pricing.json', prices })
    tally.add({ check: 'ok', plan: 'ok', width: 612, height: 792 })
    tally.add({ check: 'review', plan: 'review', width: 612, height: 792 })
    tally.add({ check: 'ocr', plan: 'repair', width: 595, height: 842 })
    const plan = tally.summary(1, { backend: null, throughput: null })
    expect(plan.vision).toMatchObject({ currency: 'EUR', config: 'pricing.json' })
    const [tiles, flat] = plan.vision!.schemes
    // Failing: Letter 765 + A4 1105 = 1870 tokens in, 2 x 500 out:
    // 1870 x 2.5 / 1e6 + 1000 x 10 / 1e6 = 0.004675 + 0.01.
    expect(tiles!.failing).toEqual({
      pages: 2,
      inputTokens: 1870,
      outputTokens: 1000,
      cost: 0.014675
    })
    // Every page: 765 + 765 + 1105 = 2635 in, 1500 out: 0.0065875 + 0.015 = 0.0215875, kept to
    // a millionth.
    expect(tiles!.all).toEqual({ pages: 3, inputTokens: 2635, outputTokens: 1500, cost: 0.021588 })
    // 1500 tokens a page at 3 a million: 0.0045 a page.
    expect(flat).toEqual({
      name: 'flat',
      failing: { pages: 2, inputTokens: 3000, outputTokens: 0, cost: 0.009 },
      all: { pages: 3, inputTokens: 4500, outputTokens: 0, cost: 0.0135 }
    })
    expect(plan.decisions.repair).toEqual({ pages: 1, share: 1 / 3 })
    expect(plan.check).toEqual({ ok: 1, review: 1, ocr: 1 })
    expect(plan.visionNote).toBeNull()
  })

  it('says why there are no costs: no file, or which part of it is wrong', async () => {
    expect(await readPricing(join(tmp.dir, 'none.json'))).toBeNull()
    expect(await pricing('{"schemes": [')).toMatch(/: not JSON \(/u)
    expect(
      await pricing({
        schemes: [
          {
            name: 'both',
            tokensPerPage: 1,
            tiles: { size: 1, tokensPerTile: 1 },
            inputPricePerMillion: 1
          }
        ]
      })
    ).toMatch(/pricing-\w+\.json: schemes\.0: a scheme prices pages by tiles or by tokensPerPage/u)
    expect(await pricing({ schemes: [{ name: 'x', tokensPerPage: 10 }] })).toMatch(
      /schemes\.0\.inputPricePerMillion: /u
    )
    const none = new PlanTally({ file: '/home/u/.config/recto/pricing.json', prices: null })
    none.add({ check: 'ok', plan: 'ok', width: 1, height: 1 })
    expect(none.summary(1, { backend: null, throughput: null })).toMatchObject({
      vision: null,
      visionNote:
        'no pricing file (/home/u/.config/recto/pricing.json): vision-model costs not estimated'
    })
  })
})
