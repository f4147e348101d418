import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import type { Cost } from '../shared/plan-summary.js'
import { VlmConfig } from './config.js'

const Count = z.int().nonnegative()
const Price = z.number().nonnegative()

/**
 * A page sent as an image cut into square tiles, each costing tokens (how the large vision
 * models bill images): the page rendered at `dpi`, scaled down so its longer side is at most
 * `maxSide` and then its shorter side at most `shortSide` pixels, where given.
 */
const Tiles = z.strictObject({
  size: z.int().positive(),
  tokensPerTile: Count,
  baseTokens: Count.default(0),
  dpi: z.number().positive().default(150),
  maxSide: z.int().positive().optional(),
  shortSide: z.int().positive().optional()
})

export const PricingScheme = z
  .strictObject({
    name: z.string().min(1),
    tiles: Tiles.optional(),
    /** A flat number of input tokens a page, whatever its size. */
    tokensPerPage: Count.optional(),
    /** Tokens the model writes back for a page (its transcription). */
    outputTokensPerPage: Count.default(0),
    inputPricePerMillion: Price,
    outputPricePerMillion: Price.default(0)
  })
  .refine((s) => (s.tiles === undefined) !== (s.tokensPerPage === undefined), {
    message: 'a scheme prices pages by tiles or by tokensPerPage, one of the two'
  })
export type PricingScheme = z.infer<typeof PricingScheme>

/**
 * The user's pricing file: the schemes a plan prices a vision-model pass under, and the model
 * pages are sent to when a run asks for it (`--vlm`), charged at one of those schemes.
 */
export const PricingFile = z
  .strictObject({
    currency: z.string().min(1).default('USD'),
    schemes: z.array(PricingScheme).min(1),
    vlm: VlmConfig.optional()
  })
  .refine((f) => f.vlm?.scheme === undefined || f.schemes.some((s) => s.name === f.vlm?.scheme), {
    message: "vlm.scheme names no scheme of the file's schemes",
    path: ['vlm', 'scheme']
  })
export type PricingFile = z.infer<typeof PricingFile>

/** The pricing file, or why it cannot be used (one line naming it); null when there is none. */
export async function readPricing(file: string): Promise<PricingFile | string | null> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    return `${file}: ${(error as Error).message}`
  }
  try {
    const parsed = PricingFile.safeParse(JSON.parse(text))
    if (parsed.success) return parsed.data
    const issue = parsed.error.issues[0]!
    return `${file}: ${issue.path.join('.') || 'the file'}: ${issue.message}`
  } catch (error) {
    return `${file}: not JSON (${(error as Error).message})`
  }
}

/** The scheme a model's run is charged at: the one its config names, else the file's first. */
export function vlmScheme(file: PricingFile): PricingScheme {
  const named = file.vlm?.scheme
  return file.schemes.find((s) => s.name === named) ?? file.schemes[0]!
}

/** What tokens a model reported cost under a scheme, in the file's currency. */
export function tokenCost(scheme: PricingScheme, input: number, output: number): number {
  const money = (input * scheme.inputPricePerMillion + output * scheme.outputPricePerMillion) / 1e6
  return Math.round(money * 1e6) / 1e6
}

/** Pixel size of a page of `width` x `height` points as the scheme's tiles see it. */
export function tiledImage(
  tiles: NonNullable<PricingScheme['tiles']>,
  width: number,
  height: number
): [number, number] {
  let w = (width * tiles.dpi) / 72
  let h = (height * tiles.dpi) / 72
  if (tiles.maxSide !== undefined && Math.max(w, h) > tiles.maxSide) {
    const scale = tiles.maxSide / Math.max(w, h)
    ;[w, h] = [w * scale, h * scale]
  }
  if (tiles.shortSide !== undefined && Math.min(w, h) > tiles.shortSide) {
    const scale = tiles.shortSide / Math.min(w, h)
    ;[w, h] = [w * scale, h * scale]
  }
  return [Math.round(w), Math.round(h)]
}

/** Input tokens of one page of `width` x `height` points under the scheme. */
export function pageInputTokens(scheme: PricingScheme, width: number, height: number): number {
  if (!scheme.tiles) return scheme.tokensPerPage ?? 0
  const [w, h] = tiledImage(scheme.tiles, width, height)
  const count = Math.ceil(w / scheme.tiles.size) * Math.ceil(h / scheme.tiles.size)
  return scheme.tiles.baseTokens + count * scheme.tiles.tokensPerTile
}

/** Adds pages to a running cost under one scheme. */
export class CostTally {
  #pages = 0
  #input = 0

  constructor(readonly scheme: PricingScheme) {}

  add(width: number, height: number): void {
    this.#pages++
    this.#input += pageInputTokens(this.scheme, width, height)
  }

  get cost(): Cost {
    const output = this.#pages * this.scheme.outputTokensPerPage
    return {
      pages: this.#pages,
      inputTokens: this.#input,
      outputTokens: output,
      cost: tokenCost(this.scheme, this.#input, output)
    }
  }
}
