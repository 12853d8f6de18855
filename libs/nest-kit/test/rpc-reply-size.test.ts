/**
 * A reply too large for the broker is not dropped in silence: the caller gets an INTERNAL error
 * reply (not a timeout) and the service logs an error naming the subject and the size. A request
 * too large is refused at once the same way.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Controller, Module, type DynamicModule } from '@nestjs/common';
import { pino } from 'pino';
import { z } from 'zod';
import { AppError, defineOperations } from '@lr/contracts';
import { Handles, KitModule, startService, type Logger } from '@lr/nest-kit';
import { TestEnv } from '@lr/testing';

const TWO_MB = 2 * 1024 * 1024;

const blobSchema = z.object({ blob: z.string() });
/** Operations only this test serves, under the auth service's subjects. */
const probeOps = defineOperations('auth', {
  big: { input: z.unknown(), output: blobSchema, callers: 'anyone', resend: 'once' },
  small: { input: z.unknown(), output: blobSchema, callers: 'anyone', resend: 'once' },
});

@Controller()
class BigController {
  @Handles(probeOps.big)
  big() {
    return { blob: 'x'.repeat(TWO_MB) };
  }

  @Handles(probeOps.small)
  small() {
    return { blob: 'x'.repeat(1000) };
  }
}

@Module({})
class BigModule {
  static register(env: TestEnv, migrationsDir: string, logger: Logger): DynamicModule {
    return {
      module: BigModule,
      imports: [
        KitModule.forService({
          service: 'auth',
          schema: 'auth',
          migrationsDir,
          config: env.config('auth'),
          logger,
        }),
      ],
      controllers: [BigController],
    };
  }
}

describe('a reply over the broker limit', () => {
  let env: TestEnv;
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    env = await TestEnv.create();
    const migrationsDir = await mkdtemp(path.join(tmpdir(), 'mig-'));
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    const logger = pino({ level: 'error' }, sink);
    const app = await startService({
      service: 'auth',
      module: BigModule.register(env, migrationsDir, logger),
      config: env.config('auth'),
      logger,
      shutdownHooks: false,
    });
    env.apps.set('auth', app);
  });
  afterAll(() => env.close());

  it('answers INTERNAL at once and logs the subject and size', async () => {
    // A timeout would be SERVICE_UNAVAILABLE: the code alone tells the reply came back.
    const error = (await env.rpc
      .call(probeOps.big, {}, { timeoutMs: 8000 })
      .catch((e: unknown) => e)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toContain('rpc.auth.big');
    const logged = lines.find((line) => line.msg.includes('rpc.auth.big'));
    expect(logged).toBeDefined();
    expect(logged?.level).toBe(50);
    expect(logged?.msg).toMatch(/\d{7} bytes/);
  });

  it('refuses a request over the limit at once, as INTERNAL rather than "not answering"', async () => {
    const error = (await env.rpc
      .call(probeOps.small, { blob: 'x'.repeat(TWO_MB) }, { timeoutMs: 8000 })
      .catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toBe('The request to the auth service could not be sent');
  });

  it('still sends replies under the limit', async () => {
    await expect(env.rpc.call(probeOps.small, {})).resolves.toEqual({ blob: 'x'.repeat(1000) });
  });
});
