/**
 * Streams the orders export to the browser page by page (each page is one request-reply call, far
 * below the NATS message limit), so memory stays flat however many orders there are.
 */
import { Readable } from 'node:stream';
import { reportingOps, type Actor, type OrdersCsvPage, type ReportRange } from '@lr/contracts';
import type { Logger, RpcClient } from '@lr/nest-kit';

/** Lets Excel read the file as UTF-8 (school names with accents). */
const UTF8_BOM = '\uFEFF';

export async function ordersCsvStream(
  rpc: RpcClient,
  actor: Actor,
  range: ReportRange,
  logger: Logger,
): Promise<Readable> {
  // The first page is fetched before answering, so a refused or failing call is a proper error response.
  const first = await rpc.call(reportingOps.ordersCsv, { ...range }, { actor });
  async function* pages(): AsyncGenerator<string> {
    yield UTF8_BOM + first.csv;
    let cursor = first.nextCursor;
    while (cursor) {
      const page: OrdersCsvPage = await rpc.call(
        reportingOps.ordersCsv,
        { ...range, cursor },
        { actor },
      );
      if (page.csv) yield page.csv;
      cursor = page.nextCursor;
    }
  }
  const stream = Readable.from(pages());
  stream.on('error', (error) =>
    logger.error({ err: error.message }, 'orders.csv export failed mid-stream'),
  );
  return stream;
}
