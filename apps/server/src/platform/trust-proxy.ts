import { isIP } from 'node:net'

/**
 * Fastify's `trustProxy`: `false` (the client is the peer of the connection), the addresses and
 * networks of the proxies in front of the server, or a function trusting the first hops.
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean)

/** The names `proxy-addr` (Fastify's `trustProxy`) knows for the private networks. */
const NAMED_NETWORKS = new Set(['loopback', 'linklocal', 'uniquelocal'])

const EXAMPLES =
  'Geben Sie die Adressen oder Netze der Proxys vor dem Server an (z. B. TRUST_PROXY=127.0.0.1,10.0.0.0/8) oder die Zahl der Proxys, durch die jede Anfrage geht (z. B. TRUST_PROXY=1).'

function isAddressOrNetwork(entry: string): boolean {
  if (NAMED_NETWORKS.has(entry)) return true
  const [address = '', mask, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (mask === undefined) return true
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (version === 4 ? 32 : 128)
  // an IPv4 netmask such as 255.0.0.0
  return version === 4 && isIP(mask) === 4
}

/**
 * `TRUST_PROXY`: unset, empty, `false` or `0` trust no proxy; a number of hops trusts that many
 * proxies in front of the server (the client is the entry of `X-Forwarded-For` that many hops
 * back, the last entry for `1`); otherwise a comma-separated list of proxy addresses and networks
 * (CIDR), whose requests alone may name the client. `true` is refused: it trusts every
 * `X-Forwarded-For`, so any client could choose its own address and pass the per-address limits.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim()
  if (text === '' || text === 'false' || text === '0') return false
  if (text === 'true') {
    throw new Error(
      `TRUST_PROXY=true ist nicht erlaubt: Damit gilt jede Angabe in X-Forwarded-For, und jeder Client könnte sich eine beliebige Adresse geben und die Begrenzung der Anmelde- und Zurücksetzungsversuche umgehen. ${EXAMPLES}`,
    )
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    // the peer of the connection is hop 0: it and the `hops - 1` proxies before it are trusted
    return (_address, hop) => hop < hops
  }
  const entries = text.split(',').map((entry) => entry.trim())
  const wrong = entries.filter((entry) => !isAddressOrNetwork(entry))
  if (wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY: ${wrong.map((entry) => `„${entry}“`).join(', ')} ist keine IP-Adresse und kein Netz (CIDR). ${EXAMPLES}`,
    )
  }
  return entries
}
