import type { OcrStandIn } from '../shared/layout.js'
import type { OcrBackend } from './backend.js'
import {
  languageOf,
  languagesOfScript,
  MissingLanguageError,
  modelPackage
} from '../language/languages.js'

export type Models = Readonly<{
  /** What the engine reads with, best first, each once. */
  models: readonly string[]
  /** The languages read with another's model, for the page's note. */
  standIns: readonly OcrStandIn[]
}>

/**
 * The models that read `languages` on this backend: each language's own, or where it is missing
 * the closest installed model of its script (the language's `closest`, else its script's most
 * common), so that a page is never left empty for want of one model: a Russian page on a machine
 * without Debian's model is read with the Belarusian one, a Slovak page without its package with
 * the Czech one. Throws MissingLanguageError only when no model of the script is installed, or
 * for a language OCR does not know.
 */
export function modelsFor(
  backend: Pick<OcrBackend, 'hasLanguage'>,
  languages: readonly string[]
): Models {
  const models: string[] = []
  const standIns: OcrStandIn[] = []
  for (const code of languages) {
    const model = backend.hasLanguage(code) ? code : standInFor(backend, code)
    if (model === undefined) throw new MissingLanguageError(code)
    if (model !== code) standIns.push({ language: code, model, install: modelPackage(code) })
    if (!models.includes(model)) models.push(model)
  }
  return { models, standIns }
}

function standInFor(backend: Pick<OcrBackend, 'hasLanguage'>, code: string): string | undefined {
  const language = languageOf(code)
  if (language === undefined) return undefined
  const ofScript = languagesOfScript(language.script).map((other) => other.code)
  const candidates = language.closest ? [language.closest, ...ofScript] : ofScript
  return candidates.find((other) => other !== code && backend.hasLanguage(other))
}
