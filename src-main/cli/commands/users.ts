import { userInfo } from 'node:os'
import { parseArgs } from 'node:util'
import { recordAudit } from '../../store/audit-log.js'
import { projectLocation } from '../../store/location.js'
import type { WritableDB } from '../../store/db.js'
import {
  addUser,
  disableUser,
  enableUser,
  listUsers,
  removeUser,
  ROLES,
  setPassword,
  setRole,
  UserError,
  type Role
} from '../../store/users.js'
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

const ACTIONS = ['add', 'list', 'disable', 'enable', 'passwd', 'role', 'remove'] as const
type Action = (typeof ACTIONS)[number]

/** What each action does to the named account, and the line it prints. */
const RUN: Record<
  Exclude<Action, 'list'>,
  (db: WritableDB, name: string, input: Input) => string
> = {
  add: (db, name, { chosenRole, password }) => {
    const user = addUser(db, { name, role: chosenRole, password })
    return `added ${user.name} (${user.role})`
  },
  disable: (db, name) => {
    disableUser(db, name)
    return `disabled ${name}; their sessions have ended and their pages are free`
  },
  enable: (db, name) => {
    enableUser(db, name)
    return `enabled ${name}; they may log in again`
  },
  passwd: (db, name, { password }) => {
    setPassword(db, name, password)
    return `changed the password of ${name}; their sessions have ended`
  },
  role: (db, name, { chosenRole }) => {
    setRole(db, name, chosenRole)
    return `${name} is now ${chosenRole === 'admin' ? 'an admin' : 'a reviewer'}`
  },
  remove: (db, name) => {
    removeUser(db, name)
    return `removed ${name}; their revisions keep their name`
  }
}

type Input = { chosenRole: Role; password: string }

async function runUsers(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { db: { type: 'string' }, role: { type: 'string' } }
  })
  const [given, name, ...rest] = positionals
  if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}'`)
  const location = projectLocation(values.db)
  if (location === undefined) throw new UsageError('users needs --db <file> (or RECTO_DB)')
  if (!(ACTIONS as readonly (string | undefined)[]).includes(given)) {
    throw new UsageError(
      `users takes ${ACTIONS.map((a) => (a === 'list' ? a : `${a} <name>`)).join(', ')}`
    )
  }
  const action = given as Action
  if (action !== 'list' && !name) throw new UsageError(`users ${action} needs a name`)
  if (action === 'role' && values.role === undefined) {
    throw new UsageError(`users role needs --role ${ROLES.join(' or ')}`)
  }
  const chosenRole = role(values.role)
  const password = action === 'add' || action === 'passwd' ? await passwordFromStdin() : ''
  const db = openProjectForWriting(location)
  if (!db) return 1
  try {
    if (action === 'list') {
      for (const user of listUsers(db)) {
        const state = user.disabledAt ? `disabled ${user.disabledAt}` : 'active'
        process.stdout.write(`${user.name}\t${user.role}\t${state}\n`)
      }
    } else {
      const said = RUN[action](db, name!, { chosenRole, password })
      recordAudit(db, {
        actor: `cli:${userInfo().username}`,
        action: `users.${action}`,
        detail: {
          name: name!,
          ...(action === 'add' || action === 'role' ? { role: chosenRole } : {})
        }
      })
      process.stdout.write(`${said}\n`)
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
  run: runUsers
}
