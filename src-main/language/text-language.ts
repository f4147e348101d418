import { COMMON_WORDS, OWN_LETTERS } from './common-words.js'
import { languagesOfScript, SCRIPTS, type Script } from './languages.js'

const SCRIPT_LETTERS: Readonly<Record<Script, RegExp>> = {
  latin: /\p{Script=Latin}/u,
  cyrillic: /\p{Script=Cyrillic}/u,
  greek: /\p{Script=Greek}/u,
  arabic: /\p{Script=Arabic}/u,
  hebrew: /\p{Script=Hebrew}/u,
  devanagari: /\p{Script=Devanagari}/u,
  cjk: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
}

/** Fewer letters than this say nothing of a page's script or language. */
const MIN_LETTERS = 20

/** The script most of the text's letters are in (two thirds of them), or null when none is. */
export function scriptOfText(text: string): Script | null {
  const counts = new Map<Script, number>()
  let letters = 0
  for (const char of text) {
    if (!/\p{L}/u.test(char)) continue
    letters++
    const script = SCRIPTS.find((name) => SCRIPT_LETTERS[name].test(char))
    if (script) counts.set(script, (counts.get(script) ?? 0) + 1)
  }
  if (letters < MIN_LETTERS) return null
  for (const [script, count] of counts) if (count * 3 >= letters * 2) return script
  return null
}

function folded(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}]/gu, '')
}

export type LatinScore = Readonly<{ code: string; score: number }>

/**
 * How much the text reads as each Latin-script language, best first: its words that are among the
 * language's common words, and its words with a letter of the language's own.
 */
export function latinScores(text: string): LatinScore[] {
  const words = wordsOf(text)
  return languagesOfScript('latin')
    .map(({ code }) => {
      const common = new Set((COMMON_WORDS[code] ?? '').split(' '))
      const own = OWN_LETTERS[code]
      let score = 0
      for (const word of words) {
        if (common.has(folded(word))) score++
        if (own?.test(word)) score++
      }
      return { code, score }
    })
    .sort((a, b) => b.score - a.score)
}

/**
 * The Latin-script language that stands out in the text: at least 3 of its common words, a tenth
 * of the text, and more than any other language. Null when none does (a short page, or two close
 * languages tied), for trial readings to settle.
 */
export function sureLatinLanguage(text: string): string | null {
  const [best, second] = latinScores(text)
  if (!best || best.score < 3 || best.score * 10 < wordsOf(text).length) return null
  return second && second.score === best.score ? null : best.code
}

/** The Latin-script language the text is in, English when none stands out. */
export function latinLanguageOfText(text: string): string {
  return sureLatinLanguage(text) ?? 'eng'
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
}

/** The language of a text in any script OCR knows, or null when it is too short to tell. */
export function languageOfText(text: string): string | null {
  const script = scriptOfText(text)
  if (script === null) return null
  if (script === 'latin') return latinLanguageOfText(text)
  if (script === 'cjk') return cjkLanguageOfText(text)
  if (script === 'cyrillic') return cyrillicLanguageOfText(text) ?? 'rus'
  return languagesOfScript(script)[0]?.code ?? null
}

/**
 * A Cyrillic language by the letters only it writes, or null when none is there: ў is
 * Belarusian alone; ы and э are Russian and Belarusian, which writes і too; і, ї, є and ґ
 * without them are Ukrainian. Bulgarian has none of these.
 */
export function cyrillicLanguageOfText(text: string): string | null {
  const lower = text.toLowerCase()
  const has = (letters: RegExp) => letters.test(lower)
  if (has(/ў/)) return 'bel'
  if (has(/[ыэ]/)) return has(/і/) ? 'bel' : 'rus'
  if (has(/[іїєґ]/)) return 'ukr'
  return null
}

// Frequent characters that simplified and traditional Chinese write differently, pair by pair.
const SIMPLIFIED =
  '这个们国说时来为会对发学经过问动么后现还两长门开关东车马见书头实点从语让进种应体义机'
const TRADITIONAL =
  '這個們國說時來為會對發學經過問動麼後現還兩長門開關東車馬見書頭實點從語讓進種應體義機'

/**
 * Korean where Hangul makes up a third of the letters, Japanese where kana make up a twentieth
 * (Japanese writes its endings and particles in them), Chinese otherwise: traditional where its
 * own forms of frequent characters outnumber the simplified ones.
 */
export function cjkLanguageOfText(text: string): string {
  let hangul = 0
  let kana = 0
  let letters = 0
  let simplified = 0
  let traditional = 0
  for (const char of text) {
    if (!/\p{L}/u.test(char)) continue
    letters++
    if (/\p{Script=Hangul}/u.test(char)) hangul++
    else if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(char)) kana++
    if (SIMPLIFIED.includes(char)) simplified++
    if (TRADITIONAL.includes(char)) traditional++
  }
  if (hangul * 3 >= letters) return 'kor'
  if (kana * 20 >= letters) return 'jpn'
  return traditional > simplified ? 'chi_tra' : 'chi_sim'
}
