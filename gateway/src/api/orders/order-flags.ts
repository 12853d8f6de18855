/**
 * The console's flags on orders (over the student's yearly limit, another open request for the
 * same student at the school), asked of orders for the records shown, in one call.
 */
import { studentLimitOps, type Actor, type ConsoleOrder, type OrderFlag } from '@lr/contracts';
import type { RpcClient } from '@lr/nest-kit';

/** Ids per call (the operation's input takes at most 1000). */
const CHUNK = 500;

export async function withFlags<T extends ConsoleOrder>(
  rpc: RpcClient,
  actor: Actor,
  records: T[],
): Promise<T[]> {
  const flags = new Map<string, OrderFlag[]>();
  for (let i = 0; i < records.length; i += CHUNK) {
    const ids = records.slice(i, i + CHUNK).map((r) => r.id);
    const found = await rpc.call(studentLimitOps.orderFlags, { ids }, { actor });
    for (const entry of found) flags.set(entry.id, entry.flags);
  }
  return records.map((record) => ({ ...record, flags: flags.get(record.id) ?? [] }));
}
