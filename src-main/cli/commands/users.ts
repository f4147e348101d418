import { parseArgs } from 'node:util'
import { projectLocation } from '../../store/location.js'
import { addUser, disableUser, listUsers, ROLES, UserError, type Role } from '../../store/users.js'
import { UsageError, type Command } from '../command.js'
import { openProjectForWriting } from '../open-project.js'

/** The password, read from standard input: never from the command line, which others can see. */
async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    throw new UsageError('pipe the password on standard input (it is never taken as an argument)')
  }
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '')
}

function role(value: string | undefined): Role {
  const given = value ?? 'reviewer'
  if (!(ROLES as readonly string[]).includes(given)) {
    throw new UsageError(`--role is ${ROLES.join(' or ')}, not '${given}'`)
  }
  return given as Role
}

async function runUsers(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { db: { type: 'string' }, role: { type: 'string' } }
  })
  const [action, name, ...rest] = positionals
  if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}'`)
  const location = projectLocation(values.db)
  if (location === undefined) throw new UsageError('users needs --db <file> (or RECTO_DB)')
  if (action !== 'list' && action !== 'add' && action !== 'disable') {
    throw new UsageError('users takes add <name>, list or disable <name>')
  }
  if (action !== 'list' && !name) throw new UsageError(`users ${action} needs a name`)
  const chosenRole = role(values.role)
  const password = action === 'add' ? await passwordFromStdin() : ''
  const db = openProjectForWriting(location)
  if (!db) return 1
  try {
    if (action === 'add') {
      const user = addUser(db, { name: name!, role: chosenRole, password })
      process.stdout.write(`added ${user.name} (${user.role})\n`)
    } else if (action === 'disable') {
      disableUser(db, name!)
      process.stdout.write(`disabled ${name}; their sessions have ended\n`)
    } else {
      for (const user of listUsers(db)) {
        const state = user.disabledAt ? `disabled ${user.disabledAt}` : 'active'
        process.stdout.write(`${user.name}\t${user.role}\t${state}\n`)
      }
    }
    return 0
  } catch (error) {
    if (!(error instanceof UserError)) throw error
    process.stderr.write(`recto: ${error.message}\n`)
    return 1
  } finally {
    db.close()
  }
}

export const usersCommand: Command = {
  name: 'users',
  usage: 'users add <name> [--role reviewer|admin] | list | disable <name>  --db <file>',
  help: [
    'Accounts for a team reviewing one project with recto serve. Once a project has an active',
    'account, recto serve asks every browser to log in, and each revision is signed with the',
    "reviewer's name. Passwords are stored only as scrypt hashes.",
    '',
    '  add <name>      a new account; its password is read from standard input',
    '  --role R        reviewer (the default) or admin (exports, documents, fonts, adjudication)',
    '  list            every account, its role, and whether it is disabled',
    '  disable <name>  refuses its logins and ends its sessions; its revisions keep its name',
    '  --db <file>     the project (or RECTO_DB)',
    '',
    'Example: printf \'%s\\n\' "$PASSWORD" | recto users add alice --role admin --db review.sqlite'
  ].join('\n'),
  run: runUsers
}
