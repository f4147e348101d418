// Apart from pdf-input.ts, which loads the engine: a command parses its options, and refuses
// wrong ones, before it loads MuPDF.

/** Added to a message that a file is encrypted, when no password was given. */
export const PASSWORD_HINT = ' (give it with --password)'

/** The option `text`, `check`, `repair` and `ingest` take for an encrypted file. */
export const PASSWORD_OPTION = { password: { type: 'string' } } as const
