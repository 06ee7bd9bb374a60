/**
 * The server's production entry point (`npm run start:built` runs its bundle, `dist/main.js`): it
 * starts on what the database holds and seeds nothing. The demo mode (`npm start`) starts from
 * `src/demo/main.ts` instead.
 */
import { prepareStart } from './platform/start-mode'
import { runServer } from './server'

await runServer(prepareStart)
