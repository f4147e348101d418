/**
 * The languages OCR knows how to choose, by Tesseract code: the script each is written in, and
 * where its model comes from. tesseract.js reads the npm package `@tesseract.js-data/<code>`
 * (Russian has none on npm: its model is read from Debian's tessdata, see models.ts); the
 * tesseract program reads Debian's `tesseract-ocr-<code>`.
 */

/** Scripts as OCR tells them apart; `cjk` is Han, kana and Hangul, told apart by reading. */
export const SCRIPTS = ['latin', 'cyrillic', 'greek', 'arabic', 'hebrew', 'cjk'] as const
export type Script = (typeof SCRIPTS)[number]

export type Language = Readonly<{ code: string; name: string; script: Script; npm: boolean }>

export const LANGUAGES: readonly Language[] = [
  { code: 'eng', name: 'English', script: 'latin', npm: true },
  { code: 'fra', name: 'French', script: 'latin', npm: true },
  { code: 'deu', name: 'German', script: 'latin', npm: true },
  { code: 'spa', name: 'Spanish', script: 'latin', npm: true },
  { code: 'ita', name: 'Italian', script: 'latin', npm: true },
  { code: 'por', name: 'Portuguese', script: 'latin', npm: true },
  { code: 'nld', name: 'Dutch', script: 'latin', npm: true },
  { code: 'ces', name: 'Czech', script: 'latin', npm: true },
  { code: 'pol', name: 'Polish', script: 'latin', npm: true },
  { code: 'rus', name: 'Russian', script: 'cyrillic', npm: false },
  { code: 'ell', name: 'Greek', script: 'greek', npm: true },
  { code: 'chi_sim', name: 'Chinese (simplified)', script: 'cjk', npm: true },
  { code: 'chi_tra', name: 'Chinese (traditional)', script: 'cjk', npm: true },
  { code: 'jpn', name: 'Japanese', script: 'cjk', npm: true },
  { code: 'kor', name: 'Korean', script: 'cjk', npm: true },
  { code: 'ara', name: 'Arabic', script: 'arabic', npm: true },
  { code: 'heb', name: 'Hebrew', script: 'hebrew', npm: true }
]

export function languageOf(code: string): Language | undefined {
  return LANGUAGES.find((language) => language.code === code)
}

/** The languages of a script that OCR tries, the most common first. */
export function languagesOfScript(script: Script): readonly Language[] {
  return LANGUAGES.filter((language) => language.script === script)
}

/** How to install a language's model for either backend, for the message that it is missing. */
export function installHint(code: string): string {
  const debian = `apt-get install tesseract-ocr-${code.replace('_', '-')}`
  const language = languageOf(code)
  const npm = language?.npm !== false ? `npm install @tesseract.js-data/${code}, or ` : ''
  return `no OCR model for ${language?.name ?? code} (${code}): ${npm}${debian}`
}

/** A model that is not installed: the page is not read rather than read as noise in another. */
export class MissingLanguageError extends Error {
  readonly code: string
  constructor(code: string) {
    super(installHint(code))
    this.code = code
  }
}

// BCP 47 primary subtags (a catalog's /Lang) of the languages above; Chinese by its script or
// region subtag.
const BY_TAG: Readonly<Record<string, string>> = {
  en: 'eng',
  fr: 'fra',
  de: 'deu',
  es: 'spa',
  it: 'ita',
  pt: 'por',
  nl: 'nld',
  cs: 'ces',
  pl: 'pol',
  ru: 'rus',
  el: 'ell',
  ja: 'jpn',
  ko: 'kor',
  ar: 'ara',
  he: 'heb',
  iw: 'heb'
}

/** The language a BCP 47 tag (`cs-CZ`, `zh-Hant-TW`) names, if OCR knows it. */
export function languageOfTag(tag: string): string | undefined {
  const [primary = '', ...rest] = tag.toLowerCase().split(/[-_]/)
  if (primary === 'zh') {
    return rest.some((part) => ['hant', 'tw', 'hk', 'mo'].includes(part)) ? 'chi_tra' : 'chi_sim'
  }
  return BY_TAG[primary]
}

// Tesseract's OSD script names (its unicharset's) for the scripts above; Japanese and Korean are
// its names for Han mixed with kana or Hangul, Fraktur its name for black-letter Latin.
const OSD_SCRIPTS: Readonly<Record<string, Script>> = {
  Latin: 'latin',
  Fraktur: 'latin',
  Cyrillic: 'cyrillic',
  Greek: 'greek',
  Arabic: 'arabic',
  Hebrew: 'hebrew',
  Han: 'cjk',
  Hangul: 'cjk',
  Hiragana: 'cjk',
  Katakana: 'cjk',
  Japanese: 'cjk',
  Korean: 'cjk'
}

export function scriptOfOsd(name: string): Script | null {
  return OSD_SCRIPTS[name] ?? null
}

/** An OSD turn as one of the four, anything else (there is nothing else) as upright. */
export function quarterTurn(degrees: number): 0 | 90 | 180 | 270 {
  return degrees === 90 || degrees === 180 || degrees === 270 ? degrees : 0
}
