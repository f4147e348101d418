/**
 * How the property tests run: a fixed seed and a bounded number of cases in `npm test`; more on
 * demand with RECTO_PROPERTY_RUNS (e.g. `RECTO_PROPERTY_RUNS=2000 npx vitest run
 * test/properties`), and another seed with RECTO_PROPERTY_SEED to look further.
 */
export function propertyRuns(cases: number): { seed: number; numRuns: number } {
  const runs = Number(process.env['RECTO_PROPERTY_RUNS'])
  const seed = Number(process.env['RECTO_PROPERTY_SEED'])
  return {
    seed: Number.isInteger(seed) ? seed : 32,
    numRuns: Number.isInteger(runs) && runs > 0 ? runs : cases
  }
}
