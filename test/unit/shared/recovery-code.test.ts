import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromRecoveryCode, readRecoveryCode, toRecoveryCode } from '../../../shared/recovery-code';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Every code one slip away from `plain`: each single substitution, deletion and swap of neighbours. */
function slips(plain: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < plain.length; i++) {
    for (const ch of ALPHABET) if (ch !== plain[i]) out.push(plain.slice(0, i) + ch + plain.slice(i + 1));
    out.push(plain.slice(0, i) + plain.slice(i + 1));
    if (i + 1 < plain.length && plain[i] !== plain[i + 1]) out.push(plain.slice(0, i) + plain[i + 1] + plain[i] + plain.slice(i + 2));
  }
  return out;
}

describe('recovery code', () => {
  it('round-trips every visitor id: 28 characters in groups of 4 from a 32-letter alphabet without I, L, O, U', () => {
    fc.assert(
      fc.property(fc.uuid({ version: 4 }), (id) => {
        const code = toRecoveryCode(id);
        expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{4}$/);
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

  it('refuses every single substitution, deletion and swap of neighbours as a typo (exhaustively, for 20 codes)', () => {
    for (let k = 0; k < 20; k++) {
      // Prepare
      const plain = toRecoveryCode(randomUUID()).replace(/-/g, '');
      const typos = slips(plain);
      // Act
      const accepted = typos.filter((typo) => !('error' in readRecoveryCode(typo)));
      const notTypo = typos.filter((typo) => {
        const reading = readRecoveryCode(typo);
        return 'error' in reading && reading.error !== 'typo';
      });
      // Assess: 28 × 31 substitutions + 28 deletions + up to 27 swaps, none read as a code.
      expect(typos.length).toBeGreaterThan(28 * 31 + 28);
      expect(accepted).toEqual([]);
      expect(notTypo).toEqual([]);
    }
  });

  it('still reads an old code (the 26 characters written before the check) and says what is not a code', () => {
    const id = randomUUID();
    const old = toRecoveryCode(id).replace(/-/g, '').slice(0, 26);
    expect(fromRecoveryCode(old.match(/.{1,4}/g)?.join('-') ?? '')).toBe(id);
    expect(readRecoveryCode('')).toEqual({ error: 'not-a-code' });
    expect(readRecoveryCode('hello')).toEqual({ error: 'not-a-code' });
    expect(readRecoveryCode(`${toRecoveryCode(id)}X`)).toEqual({ error: 'typo' });
    expect(fromRecoveryCode(toRecoveryCode(id).replace(/^./, 'U'))).toBeNull();
    expect(() => toRecoveryCode('not-a-uuid')).toThrow();
  });
});
