import { languagesOfScript, SCRIPTS, type Script } from './languages.js'

const SCRIPT_LETTERS: Readonly<Record<Script, RegExp>> = {
  latin: /\p{Script=Latin}/u,
  cyrillic: /\p{Script=Cyrillic}/u,
  greek: /\p{Script=Greek}/u,
  arabic: /\p{Script=Arabic}/u,
  hebrew: /\p{Script=Hebrew}/u,
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

/**
 * The most frequent short words of each Latin-script language, without their accents: an English
 * model reads "že" as "ze" and "für" as "fur", and a first reading is made with it.
 */
const COMMON_WORDS: Readonly<Record<string, string>> = {
  eng: 'the of and to in is that for it with as was on be by this are from at or an which not have has were',
  fra: 'le la les de des du et en un une est que qui dans pour pas sur au aux par avec ce il sont ne se plus',
  deu: 'der die das und den von zu mit sich des ist im dem nicht ein eine auf auch es als fur werden wird bei oder sind aus nach',
  spa: 'el la de que y en los las del se por un una con para es al lo como mas su sus pero son',
  ita: 'il di che e la le per un una del della non sono con si da al dei gli alla nel come anche piu',
  por: 'o a os as de do da dos das que e em um uma para com nao no na por se mais sao ao',
  nld: 'de het een en van in is dat op te zijn met voor niet die aan er ook als bij door wordt worden naar',
  ces: 'a v na se je ze to s z do o k pro jako ktery ktera ktere by byl jsou nebo tak jeho ale podle pri i tento tato',
  pol: 'i w na z sie nie do to ze jest o jak a po dla od co czy tak przez jego sa ktory ktore lub oraz tym'
}

/** Letters only one of the languages writes (which an English model sometimes keeps). */
const OWN_LETTERS: Readonly<Record<string, RegExp>> = {
  deu: /[äöüß]/,
  ces: /[ěščřžůťďň]/,
  pol: /[ąęłśźżńć]/,
  spa: /[ñ¿¡]/,
  por: /[ãõç]/,
  fra: /[èêàçœ]/
}

function folded(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}]/gu, '')
}

/**
 * Which Latin-script language the text is in: the one whose common words make up the largest
 * share of it, letters of its own counting as much as a word. English when no language stands out
 * (fewer than 3 of its common words, or under a tenth of the text).
 */
export function latinLanguageOfText(text: string): string {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
  const scores = languagesOfScript('latin').map(({ code }) => {
    const common = new Set((COMMON_WORDS[code] ?? '').split(' '))
    const own = OWN_LETTERS[code]
    let score = 0
    for (const word of words) {
      if (common.has(folded(word))) score++
      if (own?.test(word)) score++
    }
    return { code, score }
  })
  const best = scores.reduce((a, b) => (b.score > a.score ? b : a))
  if (best.score < 3 || best.score * 10 < words.length) return 'eng'
  return best.code
}

/** The language of a text in any script OCR knows, or null when it is too short to tell. */
export function languageOfText(text: string): string | null {
  const script = scriptOfText(text)
  if (script === null) return null
  if (script === 'latin') return latinLanguageOfText(text)
  if (script === 'cjk') return cjkLanguageOfText(text)
  return languagesOfScript(script)[0]?.code ?? null
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
