import { describe, expect, it } from 'vitest';
import { operatorEmails } from '@/lib/auth/operator-emails';

describe('operators', () => {
  it('reads OPERATOR_EMAILS as a comma-separated list, case-insensitively', () => {
    expect(operatorEmails(' Ops@Greidsla.is, demo@greidsla.is ,,')).toEqual(
      new Set(['ops@greidsla.is', 'demo@greidsla.is']),
    );
  });
});
