/** A server's JSON answer with this status, as `fetch` resolves it. */
export function jsonAnswer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}
