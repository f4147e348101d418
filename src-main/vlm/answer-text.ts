/** One block of a model's answer: a heading of a level, a list item, or a paragraph. */
export type AnswerBlock = Readonly<{
  kind: 'heading' | 'item' | 'paragraph'
  /** 1–6 for a heading, 0 otherwise. */
  level: number
  /** The block's lines as the model wrote them, Markdown marks taken off. */
  lines: readonly string[]
  /** Written as **strong** throughout. */
  bold: boolean
}>

/**
 * The transcription inside what some models wrap it in: a code fence, YAML front matter
 * (olmOCR 0.3) or a JSON object with `natural_text` (olmOCR 0.1–0.2).
 */
export function transcription(answer: string): string {
  let text = answer.replace(/\r\n?/gu, '\n').trim()
  const fenced = /^```[\w-]*\n([\s\S]*?)\n```$/u.exec(text)
  if (fenced) text = fenced[1]!.trim()
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { natural_text?: unknown }
      if (typeof parsed.natural_text === 'string') return parsed.natural_text.trim()
      if (parsed.natural_text === null) return ''
    } catch {
      // Not JSON after all: a page whose text opens with a brace.
    }
  }
  const front = /^---\n[\s\S]*?\n---\n?/u.exec(text)
  if (front && /^\w+:/mu.test(front[0])) text = text.slice(front[0].length).trim()
  return text
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*$/u
const ITEM = /^\s*([-*+•]|\d{1,3}[.)])\s+(.*)$/u
const TABLE_RULE = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/u

/** Markdown's inline marks off a line: emphasis, code ticks, links, HTML breaks and tags. */
function plain(line: string): string {
  return line
    .replace(/<br\s*\/?>/giu, ' ')
    .replace(/<\/?[a-z][^>]*>/giu, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/(\*\*|__)(.+?)\1/gu, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/gu, '$1$2')
    .replace(/`([^`]*)`/gu, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|])/gu, '$1')
    .trim()
}

/** A Markdown table row as the printed row reads: its cells side by side. */
function tableRow(line: string): string {
  return line
    .replace(/^\s*\|/u, '')
    .replace(/\|\s*$/u, '')
    .split('|')
    .map((cell) => plain(cell))
    .filter((cell) => cell !== '')
    .join('  ')
}

function isBold(line: string): boolean {
  return /^(\*\*|__).+\1$/u.test(line.trim())
}

/**
 * The answer's blocks in its order: a blank line ends a paragraph, a heading and each list item
 * stand alone, a table's rows are one block of lines. Lines left empty by their marks go.
 */
export function answerBlocks(answer: string): AnswerBlock[] {
  const blocks: AnswerBlock[] = []
  let paragraph: string[] = []
  let bold = true
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', level: 0, lines: paragraph, bold })
    paragraph = []
    bold = true
  }
  for (const raw of transcription(answer).split('\n')) {
    const line = raw.trimEnd()
    if (line.trim() === '' || TABLE_RULE.test(line.trim())) {
      if (line.trim() === '') flush()
      continue
    }
    const heading = HEADING.exec(line.trim())
    const item = heading ? null : ITEM.exec(line)
    if (heading) {
      flush()
      const text = plain(heading[2]!)
      if (text !== '') {
        blocks.push({ kind: 'heading', level: heading[1]!.length, lines: [text], bold: true })
      }
    } else if (item) {
      flush()
      const marker = /^\d/u.test(item[1]!) ? item[1]! : '•'
      const text = plain(item[2]!)
      blocks.push({ kind: 'item', level: 0, lines: [`${marker} ${text}`], bold: isBold(item[2]!) })
    } else {
      const text = line.trim().startsWith('|') ? tableRow(line) : plain(line)
      if (text === '') continue
      bold &&= isBold(line)
      paragraph.push(text)
    }
  }
  flush()
  return blocks
}
