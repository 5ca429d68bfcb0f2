import { isIPv4, isIPv6 } from 'node:net';

/**
 * What a limit counts. Each purpose has the prefix the product decided for it (docs/safety.md,
 * "Networks"), and every per-address limit reads its key from networkOf, so no limit keys on a
 * full IPv6 address (a /64 is one subscriber's 2^64 addresses).
 */
export type NetworkPurpose = 'form' | 'generate' | 'warm' | 'report' | 'stream' | 'ad';

/**
 * IPv4 and IPv6 prefix lengths per purpose, with the reasoning:
 * - IPv6 /64 for the capacity limits: a provider hands one subscriber (a home, a phone, an office)
 *   a /64 or larger, and the host part is free for the client to choose, so anything longer is no
 *   bound; anything shorter would, at a mobile carrier that gives each phone its own /64 out of a
 *   shared block, let one phone spend its neighbours' quota.
 * - IPv6 /48 for reports: many homes get a /56 (256 /64s) and some a /48 (65,536), so per /64 one
 *   household was hundreds of reporters. A /48 is the largest block one subscriber is normally given;
 *   strangers sharing a carrier's /48 then count once, which only slows a hiding (as the IPv4 /24).
 * - IPv4 /32 for the limits that protect capacity (forms, generation, warm-ups, streams): many
 *   people share one IPv4 behind an office NAT, and a phone carrier's CGNAT puts thousands of
 *   strangers in one /24, so a wider IPv4 prefix would let one of them spend a whole carrier's quota.
 * - IPv4 /24 for reports: the harm there is one person hiding someone else's picture with many
 *   addresses, which a /24 (a hosting block, a cloud subnet, a machine's loopback range) stops;
 *   the cost is that two strangers in one CGNAT /24 count as one reporter, which only slows hiding,
 *   and the operator still sees every report in the inbox.
 * - An IPv4 address, an IPv6 /64 for the ad counts (impressions, clicks): one subscriber is one
 *   network; strangers behind one carrier's CGNAT address share its cap, which undercounts a little
 *   there rather than letting one person inflate a sponsor's figures (docs/ads.md).
 */
export const NETWORK_PREFIXES: Record<NetworkPurpose, { v4: number; v6: number }> = {
  form: { v4: 32, v6: 64 },
  generate: { v4: 32, v6: 64 },
  warm: { v4: 32, v6: 64 },
  stream: { v4: 32, v6: 64 },
  report: { v4: 24, v6: 48 },
  ad: { v4: 32, v6: 64 },
};

function v4Prefix(ip: string, bits: number): string {
  const octets = ip.split('.').map(Number);
  const value = ((octets[0] ?? 0) * 2 ** 24 + (octets[1] ?? 0) * 2 ** 16 + (octets[2] ?? 0) * 2 ** 8 + (octets[3] ?? 0)) >>> 0;
  const masked = bits === 0 ? 0 : (value & (0xffffffff << (32 - bits))) >>> 0;
  const parts = [masked >>> 24, (masked >>> 16) & 255, (masked >>> 8) & 255, masked & 255];
  // A whole address keeps its plain spelling: the keys of the limits that count addresses stay as they were.
  return bits === 32 ? parts.join('.') : `${parts.join('.')}/${bits}`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => Number.parseInt(g, 16));
}

function v6Prefix(groups: number[], bits: number): string {
  const kept = groups.map((g, i) => {
    const from = i * 16;
    if (from + 16 <= bits) return g;
    if (from >= bits) return 0;
    return g & (0xffff << (16 - (bits - from)));
  });
  return `${kept.map((g) => g.toString(16)).join(':')}/${bits}`;
}

/**
 * The network `ip` counts for under `purpose`'s limit, in one canonical text form (`203.0.113.0/24`,
 * `2001:db8:0:1:0:0:0:0/64`, a whole IPv4 address as itself): compressed and expanded IPv6 spellings give the same key, and an
 * IPv4-mapped IPv6 address (`::ffff:198.51.100.7`) is its IPv4 address. Anything that is not an
 * address (a local `unknown`) is its own key.
 */
export function networkOf(ip: string, purpose: NetworkPurpose): string {
  const address = ip.trim();
  const prefix = NETWORK_PREFIXES[purpose];
  if (isIPv4(address)) return v4Prefix(address, prefix.v4);
  if (isIPv6(address.replace(/%.*$/, ''))) {
    const groups = v6Groups(address.replace(/%.*$/, ''));
    const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
    if (mapped) {
      const [hi = 0, lo = 0] = groups.slice(6);
      return v4Prefix(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, prefix.v4);
    }
    return v6Prefix(groups, prefix.v6);
  }
  return address.slice(0, 64);
}
