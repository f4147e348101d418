/** "1 page", "2 pages": `many` for a word whose plural is not the word and an s ("entries"). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}
