import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8'
)

/**
 * axe's default rules are WCAG 2.0 and 2.1 A and AA plus its best practices; the rules it still
 * calls experimental but that test a WCAG success criterion are added, so none is left out
 * because of its maturity.
 */
const EXPERIMENTAL_WCAG_RULES = [
  'css-orientation-lock',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header'
]

/** Impacts that fail the check: what axe says blocks or seriously hinders someone. */
const FAILING = new Set(['serious', 'critical'])

export type AxeFinding = Readonly<{
  rule: string
  impact: string
  /** The CSS selector of the element, as axe gives it. */
  target: string
  /** axe's one-line account of what is wrong with the element. */
  summary: string
}>

/**
 * Runs axe-core over the document as it is now. Its source goes in through the DevTools
 * protocol, which the page's Content-Security-Policy (`script-src 'self'`) does not govern, so
 * the app is checked with its policy in force.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.evaluate(AXE_SOURCE)
  return page.evaluate(async (experimental) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe
    const rules = Object.fromEntries(experimental.map((rule) => [rule, { enabled: true }]))
    const results = await axe.run(document, { rules, resultTypes: ['violations'] })
    return results.violations.flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        impact: node.impact ?? violation.impact ?? 'unknown',
        target: node.target.map(String).join(' '),
        summary: (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim()
      }))
    )
  }, EXPERIMENTAL_WCAG_RULES)
}

/**
 * Fails, listing each finding's rule, element and summary, when axe finds anything serious or
 * critical in what `screen` (named in the message) shows.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const failing = (await axeFindings(page)).filter((finding) => FAILING.has(finding.impact))
  if (failing.length === 0) return
  const lines = failing.map((f) => `  ${f.impact} ${f.rule} at ${f.target}: ${f.summary}`)
  throw new Error(
    `axe-core on ${screen}: ${failing.length} serious or critical\n${lines.join('\n')}`
  )
}
