/**
 * The languages OCR knows how to choose, by Tesseract code: the script each is written in, and
 * where its model comes from. tesseract.js reads the npm package `@tesseract.js-data/<code>`
 * (Russian has none on npm: Debian's model is read from its tessdata where installed, see
 * models.ts); the tesseract program reads Debian's `tesseract-ocr-<code>`.
 */

/** Scripts as OCR tells them apart; `cjk` is Han, kana and Hangul, told apart by reading. */
export const SCRIPTS = [
  'latin',
  'cyrillic',
  'greek',
  'arabic',
  'hebrew',
  'devanagari',
  'cjk'
] as const
export type Script = (typeof SCRIPTS)[number]

export type Language = Readonly<{
  code: string
  name: string
  script: Script
  /** Whether `@tesseract.js-data/<code>` exists on npm (and so ships with Recto). */
  npm: boolean
  /** BCP 47 primary subtags (a catalog's /Lang) that name the language. */
  tags: readonly string[]
  /**
   * The model that reads the language best when its own is missing, where that is not simply
   * the first of its script: Belarusian for Russian (CER 0.004 on a Russian page, where
   * Ukrainian and Bulgarian, whose alphabets lack ы and э, misread 6% of it).
   */
  closest?: string
}>

/**
 * Every model that ships (package.json), the most common language of each script first: a page
 * of a script whose language is not told apart is read in that one. Russian has no npm package:
 * Belarusian stands in for it (stand-in.ts) unless Debian's model is installed.
 */
export const LANGUAGES: readonly Language[] = [
  { code: 'eng', name: 'English', script: 'latin', npm: true, tags: ['en'] },
  { code: 'fra', name: 'French', script: 'latin', npm: true, tags: ['fr'] },
  { code: 'deu', name: 'German', script: 'latin', npm: true, tags: ['de'] },
  { code: 'spa', name: 'Spanish', script: 'latin', npm: true, tags: ['es'] },
  { code: 'ita', name: 'Italian', script: 'latin', npm: true, tags: ['it'] },
  { code: 'por', name: 'Portuguese', script: 'latin', npm: true, tags: ['pt'] },
  { code: 'nld', name: 'Dutch', script: 'latin', npm: true, tags: ['nl'] },
  { code: 'ces', name: 'Czech', script: 'latin', npm: true, tags: ['cs'] },
  { code: 'slk', name: 'Slovak', script: 'latin', npm: true, tags: ['sk'], closest: 'ces' },
  { code: 'pol', name: 'Polish', script: 'latin', npm: true, tags: ['pl'] },
  { code: 'slv', name: 'Slovenian', script: 'latin', npm: true, tags: ['sl'] },
  { code: 'hrv', name: 'Croatian', script: 'latin', npm: true, tags: ['hr'] },
  { code: 'hun', name: 'Hungarian', script: 'latin', npm: true, tags: ['hu'] },
  { code: 'ron', name: 'Romanian', script: 'latin', npm: true, tags: ['ro', 'mo'] },
  { code: 'swe', name: 'Swedish', script: 'latin', npm: true, tags: ['sv'] },
  { code: 'dan', name: 'Danish', script: 'latin', npm: true, tags: ['da'] },
  { code: 'fin', name: 'Finnish', script: 'latin', npm: true, tags: ['fi'] },
  { code: 'est', name: 'Estonian', script: 'latin', npm: true, tags: ['et'] },
  { code: 'lav', name: 'Latvian', script: 'latin', npm: true, tags: ['lv'] },
  { code: 'lit', name: 'Lithuanian', script: 'latin', npm: true, tags: ['lt'] },
  { code: 'mlt', name: 'Maltese', script: 'latin', npm: true, tags: ['mt'] },
  { code: 'gle', name: 'Irish', script: 'latin', npm: true, tags: ['ga'] },
  { code: 'tur', name: 'Turkish', script: 'latin', npm: true, tags: ['tr'] },
  { code: 'rus', name: 'Russian', script: 'cyrillic', npm: false, tags: ['ru'], closest: 'bel' },
  { code: 'ukr', name: 'Ukrainian', script: 'cyrillic', npm: true, tags: ['uk'] },
  { code: 'bul', name: 'Bulgarian', script: 'cyrillic', npm: true, tags: ['bg'] },
  { code: 'bel', name: 'Belarusian', script: 'cyrillic', npm: true, tags: ['be'] },
  { code: 'ell', name: 'Greek', script: 'greek', npm: true, tags: ['el'] },
  { code: 'chi_sim', name: 'Chinese (simplified)', script: 'cjk', npm: true, tags: [] },
  { code: 'chi_tra', name: 'Chinese (traditional)', script: 'cjk', npm: true, tags: [] },
  { code: 'jpn', name: 'Japanese', script: 'cjk', npm: true, tags: ['ja'] },
  { code: 'kor', name: 'Korean', script: 'cjk', npm: true, tags: ['ko'] },
  { code: 'ara', name: 'Arabic', script: 'arabic', npm: true, tags: ['ar'] },
  { code: 'heb', name: 'Hebrew', script: 'hebrew', npm: true, tags: ['he', 'iw'] },
  { code: 'hin', name: 'Hindi', script: 'devanagari', npm: true, tags: ['hi'] }
]

export function languageOf(code: string): Language | undefined {
  return LANGUAGES.find((language) => language.code === code)
}

/** The languages of a script that OCR tries, the most common first. */
export function languagesOfScript(script: Script): readonly Language[] {
  return LANGUAGES.filter((language) => language.script === script)
}

function debianPackage(code: string): string {
  return `apt-get install tesseract-ocr-${code.replace('_', '-')}`
}

/** The package that holds a language's model: npm's where there is one, else Debian's. */
export function modelPackage(code: string): string {
  return languageOf(code)?.npm === false
    ? debianPackage(code)
    : `npm install @tesseract.js-data/${code}`
}

/** How to install a language's model for either backend, for the message that it is missing. */
export function installHint(code: string): string {
  const language = languageOf(code)
  const npm = language?.npm !== false ? `npm install @tesseract.js-data/${code}, or ` : ''
  return `no OCR model for ${language?.name ?? code} (${code}): ${npm}${debianPackage(code)}`
}

/**
 * No model of the language's script is installed, not even one to stand in for it (stand-in.ts):
 * the page is not read rather than read as noise.
 */
export class MissingLanguageError extends Error {
  readonly code: string
  constructor(code: string) {
    super(installHint(code))
    this.code = code
  }
}

/** The language a BCP 47 tag (`cs-CZ`, `zh-Hant-TW`) names, if OCR knows it. */
export function languageOfTag(tag: string): string | undefined {
  const [primary = '', ...rest] = tag.toLowerCase().split(/[-_]/)
  // Chinese by its script or region subtag.
  if (primary === 'zh') {
    return rest.some((part) => ['hant', 'tw', 'hk', 'mo'].includes(part)) ? 'chi_tra' : 'chi_sim'
  }
  return LANGUAGES.find((language) => language.tags.includes(primary))?.code
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
  Devanagari: 'devanagari',
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
