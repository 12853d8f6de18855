/** The response-contract check on answers returned whole and on JSON lists streamed page by page. */
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { StreamableFile, type CallHandler, type ExecutionContext } from '@nestjs/common';
import { firstValueFrom, of } from 'rxjs';
import { z } from 'zod';
import { ApiDoc } from './api-doc.decorator.js';
import { ResponseContractInterceptor } from './response-contract.interceptor.js';

const listSchema = z.strictObject({ success: z.literal(true), rows: z.array(z.number()) });

class Routes {
  @ApiDoc({ summary: 'a list', response: listSchema })
  list() {}

  @ApiDoc({ summary: 'a file', response: z.string(), responseType: 'text/csv' })
  csv() {}
}

function contextOf(handler: keyof Routes): ExecutionContext {
  return {
    getClass: () => Routes,
    getHandler: () => Routes.prototype[handler],
    switchToHttp: () => ({ getResponse: () => ({}) }),
  } as unknown as ExecutionContext;
}

const interceptor = new ResponseContractInterceptor();

function answer(handler: keyof Routes, body: unknown): Promise<unknown> {
  const next: CallHandler = { handle: () => of(body) };
  return firstValueFrom(interceptor.intercept(contextOf(handler), next));
}

function streamOf(...chunks: string[]): StreamableFile {
  return new StreamableFile(Readable.from(chunks, { objectMode: false }));
}

describe('ResponseContractInterceptor', () => {
  it('passes an answer that keeps to its schema and refuses one that does not', async () => {
    await expect(answer('list', { success: true, rows: [1] })).resolves.toEqual({
      success: true,
      rows: [1],
    });
    await expect(answer('list', { success: true, rows: [1], secret: 'x' })).rejects.toThrow(
      /does not match its contract \(Routes\.list\)/,
    );
  });

  it('streams a list through unchanged when the whole of it keeps to the schema', async () => {
    const checked = (await answer('list', streamOf('{"success":true,', '"rows":[1,', '2]}'))) as
      StreamableFile | undefined;
    expect(checked).toBeInstanceOf(StreamableFile);
    await expect(text(checked!.getStream())).resolves.toBe('{"success":true,"rows":[1,2]}');
  });

  it('cuts a streamed list off when it leaves the schema', async () => {
    const checked = (await answer('list', streamOf('{"success":true,', '"rows":["x"]}'))) as
      StreamableFile | undefined;
    await expect(text(checked!.getStream())).rejects.toThrow(/does not match its contract/);
  });

  it('leaves a streamed file of another media type alone', async () => {
    const file = streamOf('a,b\r\n');
    await expect(answer('csv', file)).resolves.toBe(file);
  });
});
