import { afterEach, describe, expect, it } from 'vitest';
import { handler as health } from '../../../lambdas/handlers/system/get-health';
import { CONFIG_KEYS, ConfigurationError, config, resetConfig } from '../../../lambdas/lib/config';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetConfig();
});

describe('configuration', () => {
  it('has no default that looks like a real resource: an unset table, bucket or state machine throws, naming it', () => {
    delete process.env.MESSAGES_TABLE;
    delete process.env.GENERATION_STATE_MACHINE_ARN;
    resetConfig();
    expect(() => config().MESSAGES_TABLE).toThrow(ConfigurationError);
    expect(() => config().MESSAGES_TABLE).toThrow(/MESSAGES_TABLE is not set/);
    expect(() => config().GENERATION_STATE_MACHINE_ARN).toThrow(/GENERATION_STATE_MACHINE_ARN is not set/);
    // The others still read, and plain settings keep their defaults.
    expect(config().IMAGES_TABLE).toBe(saved.IMAGES_TABLE);
    expect(config().GEN_QUEUE_CAP).toBe(20);
    expect(config().AUTH_ISSUER).toBe('');
  });

  it('fails an API function at its first request when the stack lost one of its tables, before any work', async () => {
    delete process.env.ADS_TABLE;
    resetConfig();
    const res = await health(apiEvent({ path: '/api/health' }), lambdaContext());
    expect(res.statusCode).toBe(500);
    expect(bodyOf(res)).toMatchObject({ error: { code: 'internal' } });
  });

  it('still lists every key it reads (the stack test sets no other)', () => {
    expect(CONFIG_KEYS).toEqual(expect.arrayContaining(['IMAGES_TABLE', 'GENERATION_STATE_MACHINE_ARN', 'AUTH_ISSUER']));
  });
});
