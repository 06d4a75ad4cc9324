import type { Knex } from 'knex';
import { JOB_TABLE } from './migrations/007_job_queue';

/**
 * Jobs due before `dueBefore` that no worker has picked up: more than none means the queue is not
 * being worked (Settings → System Status). Disabled jobs and jobs being run do not count.
 */
export async function stalledJobCount(knex: Knex, dueBefore: Date): Promise<number> {
  const [{ count }] = await knex(JOB_TABLE)
    .where('next_run_at', '<', dueBefore)
    .whereNull('locked_at')
    .where((q) => q.where('disabled', false).orWhereNull('disabled'))
    .count<{ count: string }[]>({ count: '*' });
  return Number(count);
}
