import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * The folder of the user's Recto settings that belong to the machine, not to a project: the
 * pricing file and the measured OCR throughput. `RECTO_CONFIG_DIR` overrides it (tests, a team's
 * shared settings); otherwise `$XDG_CONFIG_HOME/recto`, by default `~/.config/recto`.
 */
export function configDir(): string {
  const own = process.env['RECTO_CONFIG_DIR']
  if (own) return own
  return join(process.env['XDG_CONFIG_HOME'] || join(homedir(), '.config'), 'recto')
}

/** Where `recto plan` and the Library read the vision-model prices from by default. */
export function defaultPricingFile(): string {
  return join(configDir(), 'pricing.json')
}
