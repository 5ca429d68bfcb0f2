import { describe, expect, it } from 'vitest';
import { NETWORK_PREFIXES, networkOf } from '../../../lambdas/lib/network';
import { itAnswers } from '../../support/answers';

describe('networkOf', () => {
  itAnswers('keys IPv4 %s for %s as %s', networkOf, [
    ['203.0.113.7', 'report', '203.0.113.0/24'],
    ['203.0.113.250', 'report', '203.0.113.0/24'],
    ['203.0.113.7', 'form', '203.0.113.7'],
    ['255.255.255.255', 'report', '255.255.255.0/24'],
    ['127.0.0.42', 'report', '127.0.0.0/24'],
  ]);

  it('gives one /64 for every address of a subscriber, whatever the host part', () => {
    const keys = ['2001:db8:0:1::1', '2001:db8:0:1:ffff:ffff:ffff:ffff', '2001:DB8:0:1:0:0:0:2', '2001:0db8:0000:0001::abcd'].map((ip) =>
      networkOf(ip, 'generate'),
    );
    expect(new Set(keys)).toEqual(new Set(['2001:db8:0:1:0:0:0:0/64']));
    expect(networkOf('2001:db8:0:2::1', 'generate')).not.toBe(keys[0]);
  });

  it('reads compressed forms at the start, the middle and the end', () => {
    expect(networkOf('::1', 'stream')).toBe('0:0:0:0:0:0:0:0/64');
    expect(networkOf('fe80::', 'form')).toBe('fe80:0:0:0:0:0:0:0/64');
    expect(networkOf('2001:db8::7:0:1', 'form')).toBe('2001:db8:0:0:0:0:0:0/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address, in either spelling', () => {
    expect(networkOf('::ffff:198.51.100.7', 'report')).toBe('198.51.100.0/24');
    expect(networkOf('::FFFF:c633:6407', 'report')).toBe('198.51.100.0/24');
    expect(networkOf('::ffff:198.51.100.7', 'form')).toBe('198.51.100.7');
  });

  it('drops a zone index and keeps anything that is not an address as its own key', () => {
    expect(networkOf('fe80::1%eth0', 'stream')).toBe('fe80:0:0:0:0:0:0:0/64');
    expect(networkOf('unknown', 'form')).toBe('unknown');
  });

  it('reports use a /24 and a /48, every capacity limit the full IPv4 address and a /64', () => {
    for (const [purpose, prefix] of Object.entries(NETWORK_PREFIXES)) {
      expect(prefix.v6).toBe(purpose === 'report' ? 48 : 64);
      expect(prefix.v4).toBe(purpose === 'report' ? 24 : 32);
    }
  });

  it('counts every /64 of one /48 (a home given a /56 or a /48) as one reporting network, and another /48 apart', () => {
    const keys = ['2001:db8:7:1::1', '2001:db8:7:ff00::2', '2001:db8:7:ffff:ffff:ffff:ffff:ffff'].map((ip) => networkOf(ip, 'report'));
    expect(new Set(keys)).toEqual(new Set(['2001:db8:7:0:0:0:0:0/48']));
    expect(networkOf('2001:db8:8::1', 'report')).toBe('2001:db8:8:0:0:0:0:0/48');
    // The capacity limits still tell those /64s apart.
    expect(networkOf('2001:db8:7:1::1', 'generate')).not.toBe(networkOf('2001:db8:7:ff00::2', 'generate'));
  });
});
