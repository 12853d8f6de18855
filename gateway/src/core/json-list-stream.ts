/**
 * Answers `{ ...head, <field>: [rows...], ...tail }` while the rows are still being read, page by
 * page, so the gateway never holds a whole list: the old "all" routes keep their exact shape however
 * many rows there are. The first page is read before answering, so a refused or failing first call
 * is a normal error response. A failure after that destroys the stream: the client sees a broken
 * response, never a well-formed but shortened list, and the log says which list failed.
 */
import { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import type { Logger } from '@lr/nest-kit';
import type { FastifyReply } from 'fastify';

export interface JsonListStream<T> {
  /** Fields before the list, e.g. `{ success: true, totalAmount: 0 }`. */
  head: Record<string, unknown>;
  /** The list's field name. */
  field: string;
  /** The rows, page by page, already mapped for the client. */
  pages: AsyncIterable<T[]>;
  /** Fields after the list, computed once every row was sent (`count` is how many were). */
  tail?: (count: number) => Record<string, unknown>;
  /** Names the list in the log line of a failure. */
  what: string;
}

/** `{"a":1}` -> `"a":1` (empty for `{}`), to splice fields around the streamed list. */
function fieldsOf(fields: Record<string, unknown>): string {
  return JSON.stringify(fields).slice(1, -1);
}

export async function streamJsonList<T>(
  reply: FastifyReply,
  list: JsonListStream<T>,
  logger: Logger,
): Promise<StreamableFile> {
  const iterator = list.pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* chunks(): AsyncGenerator<string> {
    const head = fieldsOf(list.head);
    yield `{${head}${head ? ',' : ''}${JSON.stringify(list.field)}:[`;
    let count = 0;
    try {
      for (let step = first; !step.done; step = await iterator.next()) {
        if (step.value.length === 0) continue;
        const rows = step.value.map((row) => JSON.stringify(row)).join(',');
        yield count === 0 ? rows : `,${rows}`;
        count += step.value.length;
      }
    } catch (error) {
      logger.error(
        { err: (error as Error).message, list: list.what, rowsSent: count },
        'list failed mid-stream; the response is cut off',
      );
      // Rethrown, it destroys the stream and with it the response.
      throw error;
    }
    const tail = list.tail ? fieldsOf(list.tail(count)) : '';
    yield `]${tail ? ',' : ''}${tail}}`;
  }
  const file = new StreamableFile(Readable.from(chunks(), { objectMode: false }));
  void reply.header('Content-Type', 'application/json; charset=utf-8');
  return file;
}
