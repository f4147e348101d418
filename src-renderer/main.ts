import { mount, unmount } from 'svelte'
import App from './App.svelte'
import LoginView from './lib/views/LoginView.svelte'
import './app.css'
import './reflow.css'

const target = document.getElementById('app')
if (!target) throw new Error('index.html has no #app element')

/** Whether `recto serve` shares this project with a team and this browser has yet to log in. */
async function mustLogIn(): Promise<boolean> {
  // The desktop app talks to its own backend: there is no one to log in as.
  if (window.api) return false
  const response = await fetch('/session').catch(() => null)
  if (!response?.ok) return false
  const session = (await response.json()) as { team: boolean; user: unknown }
  return session.team && session.user === null
}

if (await mustLogIn()) {
  const login = mount(LoginView, {
    target,
    props: {
      onLoggedIn: () => {
        void unmount(login)
        mount(App, { target })
      }
    }
  })
} else {
  mount(App, { target })
}
