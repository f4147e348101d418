import { TEXT_FORMS, type TextForm } from '../layout/normalize.js'
import { UsageError } from './command.js'

export const NORMALIZE_HELP =
  '  --normalize nfkc  Unicode NFKC on the text ("²" → "2", "（" → "("); by default only\n' +
  '                    ligatures, presentation forms, odd spaces and soft hyphens are rewritten'

/** The text form `--normalize` names: `drawn` when the option is not given. */
export function textForm(value: string | undefined): TextForm {
  if (value === undefined) return 'drawn'
  const form = TEXT_FORMS.find((f) => f === value)
  if (form) return form
  throw new UsageError(`unknown --normalize '${value}' (one of ${TEXT_FORMS.join(', ')})`)
}
