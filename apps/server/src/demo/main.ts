/**
 * The demo mode's entry point (`npm start`): the server of `src/server.ts`, started with the demo's
 * preparation, which seeds an empty database and lists the demo logins.
 */
import { runServer } from '../server'
import { prepareDemoStart } from './demo'

await runServer(prepareDemoStart)
