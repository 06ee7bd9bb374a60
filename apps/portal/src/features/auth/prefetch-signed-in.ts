/** The build's list of the files each landing page loads beyond the entry (scripts/route-preloads.mjs). */
const ROUTE_PRELOADS = '/route-preloads.json'
/** The page the sign-in leads to without a deep link; its files are MUI's, the shell's and its own. */
const AFTER_SIGN_IN = '/dashboard'
const ASSET = /^\/assets\/[\w.-]+\.js$/

/**
 * Once the sign-in page has loaded and the browser is idle, puts the code of the dashboard into
 * the HTTP cache with `<link rel="prefetch">`: fetched at the lowest priority and never run, so it
 * is no part of what the sign-in loads and runs (decision 027), and the page after the sign-in
 * (whose HTML names the same files as module preloads) starts from the cache. The list is the
 * build's own file, not an API call. Answers a function that stops what has not started yet.
 */
export function prefetchSignedIn(): () => void {
  let stopped = false
  const prefetch = async () => {
    const response = await fetch(ROUTE_PRELOADS, { headers: { Accept: 'application/json' } })
    if (stopped || !response.ok) return
    const listed = (await response.json()) as Record<string, unknown>
    const files = listed[AFTER_SIGN_IN]
    if (stopped || !Array.isArray(files)) return
    const known = new Set(
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[href]'), (link) =>
        link.getAttribute('href'),
      ),
    )
    for (const file of files) {
      if (typeof file !== 'string' || !ASSET.test(file) || known.has(file)) continue
      const link = document.createElement('link')
      link.rel = 'prefetch'
      // as module scripts are fetched: CORS mode, so that the cached answer is the one they use
      link.crossOrigin = ''
      link.href = file
      document.head.append(link)
    }
  }
  let cancelIdle = () => {}
  const whenIdle = () => {
    const start = () => void prefetch().catch(() => undefined)
    // Safari has no idle callback: a second after the load instead
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(start, { timeout: 5000 })
      cancelIdle = () => window.cancelIdleCallback(handle)
    } else {
      const handle = setTimeout(start, 1000)
      cancelIdle = () => clearTimeout(handle)
    }
  }
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
  return () => {
    stopped = true
    window.removeEventListener('load', whenIdle)
    cancelIdle()
  }
}
