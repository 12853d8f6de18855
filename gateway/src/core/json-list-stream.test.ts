/**
 * The streamed list over a real HTTP connection: a complete walk is one JSON document with the
 * fields around the list; a failure on the first page is a normal error response; a failure after
 * the first page cuts the connection (never a well-formed shorter list) and is logged.
 */
import { Controller, Get, Module, Res, type StreamableFile } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { AppError } from '@lr/contracts';
import { HttpErrorFilter } from '../errors/http-error.filter.js';
import { streamJsonList } from './json-list-stream.js';

const logged: { msg: string; list?: string }[] = [];
const logger = pino(
  { level: 'error' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(chunk.toString()) as { msg: string; list?: string });
      done();
    },
  }),
);

async function* pages(failAt: number | null): AsyncGenerator<{ n: number }[]> {
  for (let page = 0; page < 3; page += 1) {
    if (page === failAt) throw new Error('orders service went away');
    // Large pages, so the first ones are on the wire before the failure.
    yield Array.from({ length: 2000 }, (_, i) => ({ n: page * 2000 + i }));
  }
}

async function* nothing(): AsyncGenerator<{ n: number }[]> {
  // A walk that finds no rows at all.
}

@Controller()
class ListController {
  @Get('/whole')
  whole(@Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return streamJsonList(
      reply,
      {
        head: { success: true, totalAmount: 0 },
        field: 'rows',
        pages: pages(null),
        tail: (count) => ({ rowsCount: count }),
        what: 'whole',
      },
      logger,
    );
  }

  @Get('/empty')
  empty(@Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return streamJsonList(
      reply,
      { head: {}, field: 'rows', pages: nothing(), what: 'empty' },
      logger,
    );
  }

  @Get('/fails-first')
  failsFirst(@Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const failing = (async function* () {
      yield* [] as { n: number }[][];
      throw AppError.badRequest('refused at once');
    })();
    return streamJsonList(
      reply,
      { head: { success: true }, field: 'rows', pages: failing, what: 'first' },
      logger,
    );
  }

  @Get('/fails-later')
  failsLater(@Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return streamJsonList(
      reply,
      { head: { success: true }, field: 'rows', pages: pages(2), what: 'later' },
      logger,
    );
  }
}

@Module({ controllers: [ListController] })
class ListModule {}

describe('streamJsonList', () => {
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ListModule, new FastifyAdapter(), {
      logger: false,
    });
    app.useGlobalFilters(new HttpErrorFilter());
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });
  afterAll(() => app.close());

  it('answers one JSON document with every row and the fields around the list', async () => {
    const response = await fetch(`${base}/whole`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown> & { rows: { n: number }[] };
    expect(Object.keys(body)).toEqual(['success', 'totalAmount', 'rows', 'rowsCount']);
    expect(body.rows.map((r) => r.n)).toEqual(Array.from({ length: 6000 }, (_, i) => i));
    expect(body.rowsCount).toBe(6000);
  });

  it('answers an empty list as []', async () => {
    const response = await fetch(`${base}/empty`);
    expect(await response.json()).toEqual({ rows: [] });
  });

  it('turns a failure before the first row into a normal error response', async () => {
    const response = await fetch(`${base}/fails-first`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('cuts the connection on a later failure, and logs it', async () => {
    const response = await fetch(`${base}/fails-later`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect(logged).toContainEqual(expect.objectContaining({ list: 'later' }));
  });
});
