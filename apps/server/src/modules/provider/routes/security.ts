/** The OpenAPI security requirement of every provider route: the `providerKey` scheme alone. */
export const PROVIDER_SECURITY = [{ providerKey: [] }]

/** The OpenAPI tag of the provider API. */
export const PROVIDER_TAG = 'provider'
