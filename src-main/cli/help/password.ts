/** The `--password` line of `text` and `check`'s help. */
export const PASSWORD_HELP =
  '  --password <pw>       the password of an encrypted PDF (a viewer asks for it on opening)'
