/**
 * A row that ends in a leader and a page number ("2.1.3. Parallel File System ....... 4") is an
 * entry of a table of contents or an index: the entry ends there, and the next row starts the
 * next entry.
 */
const LEADER_END = /(?:[.·…]\s?){4,}\s*(?:\d+|[ivxlcdm]+)$/iu

/** What LEADER_END's page number ends in: a digit or a letter of a roman numeral. */
const PAGE_NUMBER_END = /^[\divxlcdm]$/iu

/** The end of the text the leader is looked for in: a block's whole text is long. */
const LEADER_TAIL = 40

/** Whether `text` ends an entry of a table of contents: a leader and a page number. */
export function endsInLeader(text: string): boolean {
  // Asked of every row of a block: most end in no page number, and are answered from their last
  // character alone.
  return PAGE_NUMBER_END.test(text.slice(-1)) && LEADER_END.test(text.slice(-LEADER_TAIL))
}
