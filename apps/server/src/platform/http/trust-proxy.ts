import { compile as compileProxyAddresses } from '@fastify/proxy-addr';

/**
 * TRUST_PROXY decides whose `X-Forwarded-For` is believed, i.e. which address `request.ip` (and so
 * every per-address rate limit) sees. docs/operations.md §Client addresses and lockouts.
 *
 * - off (the default): the TCP peer is the client; a client cannot choose its address.
 * - a hop count `n`: the `n` nearest hops are proxies, the address the `n`-th one saw is the client's.
 *   Safe only when the app cannot be reached except through those proxies.
 * - a list of proxy addresses or ranges (`10.0.0.0/8`, `::1`, or proxy-addr's names `loopback`,
 *   `linklocal`, `uniquelocal`): hops from those addresses are skipped, the first other one is the client.
 */
export type TrustProxy = false | { hops: number } | string[];

/**
 * An entry is good when Fastify's own parser (@fastify/proxy-addr, which `trustProxy` hands it to)
 * takes it: addresses, CIDR ranges, netmasks and the names `loopback`, `linklocal`, `uniquelocal`.
 */
function isAddressOrRange(entry: string): boolean {
  try {
    compileProxyAddresses([entry]);
    return true;
  } catch {
    return false;
  }
}

/** The setting as written, or an error message naming what to write instead. */
export function parseTrustProxy(text: string | undefined): TrustProxy | { error: string } {
  const value = text?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return { hops: Number(value) };
  if (value === 'true')
    return {
      error:
        'trusting every hop lets any client choose its address; give the number of proxies in front ' +
        'of the app (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    };
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length)
    return {
      error: `not a hop count nor a list of proxy addresses or ranges: ${bad.map((b) => `"${b}"`).join(', ')}`,
    };
  return entries;
}

/** Fastify's `trustProxy` option for the setting. */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false || Array.isArray(setting)) return setting;
  // Fastify 5 ignores a bare number (it trusts nothing); the hop rule of proxy-addr, spelled out.
  const { hops } = setting;
  return (_address, hop) => hop < hops;
}
