import type { PgBoss } from 'pg-boss';
import { settings } from '@/lib/config';
import { getDb } from '@/lib/db';
import { pruneBankCalls } from '@/lib/db/queries/bank-call-audit';
import { logger } from '@/lib/log';
import type { JobQueueDeclaration } from './queue';

export const auditRetentionQueue = 'bank-call-audit-retention';

/** Deletes the audit trail's rows older than BANK_CALL_AUDIT_RETENTION_DAYS. */
export async function pruneBankCallAudit(): Promise<number> {
  const days = settings().BANK_CALL_AUDIT_RETENTION_DAYS;
  const pruned = await pruneBankCalls(await getDb(), days);
  if (pruned) logger.info({ pruned, days }, 'bank-call audit rows past their retention deleted');
  return pruned;
}

export const auditRetentionQueues: JobQueueDeclaration[] = [[auditRetentionQueue, { policy: 'singleton' }]];

/** Once a day, on whichever worker takes the scheduled job. */
export async function workAuditRetention(boss: PgBoss): Promise<void> {
  await boss.work(auditRetentionQueue, async () => {
    await pruneBankCallAudit();
  });
  await boss.schedule(auditRetentionQueue, '41 3 * * *');
}
