import type { CommandHelp } from '../command.js'

export const migrateHelp: CommandHelp = {
  usage: 'migrate --from <project> --to <project>',
  help: [
    'Copies everything of a project (documents, pages, flags, revisions, OCR text layers, font',
    'maps, accounts, sessions, claims) into an empty project, in one transaction, then compares',
    "each table's row count and SHA-256 checksum on both sides; a difference undoes the copy.",
    'Either side is a SQLite file or a postgres:// URL; the source is only read.',
    '',
    "Example: recto migrate --from review.sqlite --to 'postgres://recto@db.example.org/papers'"
  ].join('\n')
}
