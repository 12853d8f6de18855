/**
 * One declaration per operation, over the real nats-server: `@Handles` refuses a caller the
 * operation does not admit (401 without an actor, 403 for another role) and input its schema
 * refuses (400 naming the field) before the handler runs, and gives the handler the parsed input;
 * `RpcClient.call(operation)` refuses a reply its output schema does not describe.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Controller, Module, type DynamicModule } from '@nestjs/common';
import { z } from 'zod';
import { AppError, defineOperations, type Actor, type ParsedInputOf } from '@lr/contracts';
import { Handles, KitModule, type Call } from '@lr/nest-kit';
import { TestEnv } from '@lr/testing';

const noteSchema = z.object({
  text: z.string().min(1, 'is required').max(10, 'must be at most 10 characters'),
  copies: z.number().int().min(1).default(1),
});
const echoSchema = noteSchema.extend({ actorId: z.string().nullable() });

/** What the service answers. */
const served = defineOperations('auth', {
  adminNote: { input: noteSchema, output: echoSchema, callers: ['admin'] as const, resend: 'read' },
  signedInNote: { input: noteSchema, output: echoSchema, callers: 'signed-in', resend: 'read' },
  openNote: { input: noteSchema, output: echoSchema, callers: 'anyone', resend: 'read' },
  // Answers a count as text: the caller below declares it as a number (a version drift).
  drifted: {
    input: z.unknown(),
    output: z.object({ total: z.string() }),
    callers: 'anyone',
    resend: 'read',
  },
});

/** The same subject as a caller of another version declares it. */
const expected = defineOperations('auth', {
  drifted: {
    input: z.unknown(),
    output: z.object({ total: z.number() }),
    callers: 'anyone',
    resend: 'read',
  },
});

/** Every call a handler actually ran with. */
const received: { input: unknown; actor: Actor | null }[] = [];

function echo(input: ParsedInputOf<typeof served.adminNote>, actor: Actor | null) {
  received.push({ input, actor });
  return { ...input, actorId: actor?.id ?? null };
}

@Controller()
class NotesController {
  @Handles(served.adminNote)
  admin(input: ParsedInputOf<typeof served.adminNote>, call: Call<readonly ['admin']>) {
    return echo(input, call.actor);
  }

  @Handles(served.signedInNote)
  signedIn(input: ParsedInputOf<typeof served.signedInNote>, call: Call<'signed-in'>) {
    return echo(input, call.actor);
  }

  @Handles(served.openNote)
  open(input: ParsedInputOf<typeof served.openNote>, call: Call<'anyone'>) {
    return echo(input, call.actor);
  }

  @Handles(served.drifted)
  drifted() {
    return { total: 'three' };
  }
}

@Module({})
class NotesModule {
  static register(env: TestEnv, migrationsDir: string): DynamicModule {
    return {
      module: NotesModule,
      imports: [
        KitModule.forService({
          service: 'auth',
          schema: 'auth',
          migrationsDir,
          config: env.config('auth'),
          logger: env.logger,
        }),
      ],
      controllers: [NotesController],
    };
  }
}

describe('@Handles and RpcClient.call(operation)', () => {
  let env: TestEnv;
  const admin = TestEnv.actor('admin');
  const volunteer = TestEnv.actor('volunteer');

  beforeAll(async () => {
    env = await TestEnv.create();
    const migrationsDir = await mkdtemp(path.join(tmpdir(), 'mig-'));
    await env.startService('auth', NotesModule.register(env, migrationsDir));
  });
  afterAll(() => env.close());
  beforeEach(() => {
    received.length = 0;
  });

  it('answers 401 to a call without an actor, before reading its input', async () => {
    for (const op of [served.adminNote, served.signedInNote]) {
      await expect(env.rpc.call(op, { text: 'hello' }, { actor: null })).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
      // Bad input from nobody says nothing about the input's form.
      await expect(env.rpc.call(op, { text: '' }, { actor: null })).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    expect(received).toEqual([]);
  });

  it('answers 403 to a role the operation does not admit', async () => {
    await expect(
      env.rpc.call(served.adminNote, { text: 'hello' }, { actor: volunteer }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(received).toEqual([]);
  });

  it('answers 400 naming the field the input schema refuses', async () => {
    const tooLong = await env.rpc
      .call(served.adminNote, { text: 'far too long a note' }, { actor: admin })
      .catch((error: unknown) => error);
    expect(tooLong).toBeInstanceOf(AppError);
    expect(tooLong).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'text: must be at most 10 characters',
    });
    const missing = await env.rpc
      .call(served.openNote, {} as never, { actor: null })
      .catch((error: unknown) => error);
    expect(missing).toMatchObject({ code: 'BAD_REQUEST' });
    expect((missing as AppError).message).toMatch(/^text: /);
    const wrongType = await env.rpc
      .call(served.signedInNote, { text: 'ok', copies: 1.5 }, { actor: volunteer })
      .catch((error: unknown) => error);
    expect(wrongType).toMatchObject({ code: 'BAD_REQUEST' });
    expect((wrongType as AppError).message).toMatch(/^copies: /);
    expect(received).toEqual([]);
  });

  it('gives the handler the parsed input (defaults set, unknown keys gone) and the caller', async () => {
    const sent = { text: 'hello', extra: 'dropped' } as { text: string };
    await expect(env.rpc.call(served.adminNote, sent, { actor: admin })).resolves.toEqual({
      text: 'hello',
      copies: 1,
      actorId: admin.id,
    });
    await expect(
      env.rpc.call(served.signedInNote, { text: 'hi', copies: 3 }, { actor: volunteer }),
    ).resolves.toEqual({ text: 'hi', copies: 3, actorId: volunteer.id });
    await expect(env.rpc.call(served.openNote, { text: 'hey' }, { actor: null })).resolves.toEqual({
      text: 'hey',
      copies: 1,
      actorId: null,
    });
    expect(received).toEqual([
      { input: { text: 'hello', copies: 1 }, actor: admin },
      { input: { text: 'hi', copies: 3 }, actor: volunteer },
      { input: { text: 'hey', copies: 1 }, actor: null },
    ]);
  });

  it('refuses a reply the output schema does not describe: INTERNAL, naming the subject', async () => {
    expect(expected.drifted.subject).toBe(served.drifted.subject);
    const error = await env.rpc.call(expected.drifted, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'INTERNAL' });
    expect((error as AppError).message).toContain('rpc.auth.drifted');
    // Which field drifted is kept for the logs, not in the message a client could be shown.
    expect((error as AppError).message).not.toContain('total');
    expect((error as AppError).details).toMatchObject({ cause: expect.stringMatching(/^total: /) });
    // The operation that says what the service answers gets it.
    await expect(env.rpc.call(served.drifted, {})).resolves.toEqual({ total: 'three' });
  });
});
