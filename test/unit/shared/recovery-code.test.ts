import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromRecoveryCode, toRecoveryCode } from '../../../shared/recovery-code';

describe('recovery code', () => {
  it('round-trips every visitor id, in groups of 4 from a 32-letter alphabet without I, L, O, U', () => {
    fc.assert(
      fc.property(fc.uuid({ version: 4 }), (id) => {
        const code = toRecoveryCode(id);
        expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{2}$/);
        expect(fromRecoveryCode(code)).toBe(id.toLowerCase());
      }),
    );
  });

  it('reads what a person types: lower case, spaces, no dashes, I/L for 1 and O for 0', () => {
    const id = randomUUID();
    const code = toRecoveryCode(id);
    const typed = code.toLowerCase().replace(/-/g, ' ').replace(/1/g, 'l').replace(/0/g, 'o');
    expect(fromRecoveryCode(typed)).toBe(id);
  });

  it('refuses what it could not have written: wrong length, foreign letters, broken version bits', () => {
    const code = toRecoveryCode(randomUUID());
    expect(fromRecoveryCode(code.slice(0, -1))).toBeNull();
    expect(fromRecoveryCode(`${code}X`)).toBeNull();
    expect(fromRecoveryCode(code.replace(/^./, 'U'))).toBeNull();
    expect(fromRecoveryCode('')).toBeNull();
    // Character 11 carries bits 50–54, whose first two are the UUID version's last two (always 00 in a
    // v4 id): of the 31 other letters there, 24 are refused.
    const plain = code.replace(/-/g, '');
    const others = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'.split('').filter((ch) => ch !== plain[10]);
    const refused = others.filter((ch) => fromRecoveryCode(plain.slice(0, 10) + ch + plain.slice(11)) === null);
    expect(refused).toHaveLength(24);
    expect(() => toRecoveryCode('not-a-uuid')).toThrow();
  });
});
