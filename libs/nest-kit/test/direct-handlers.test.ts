/**
 * The request-reply handlers a service is started with: every `@Handles` method bound to its
 * controller, inherited ones included; a controller or handler that declares Nest guards,
 * interceptors, pipes, filters or parameter decorators is refused, since nothing would run them.
 */
import {
  Controller,
  Module,
  UseGuards,
  UseInterceptors,
  type CanActivate,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { defineOperations } from '@lr/contracts';
import { Handles, type Call } from '@lr/nest-kit';
import { directHandlers } from '../src/direct-handlers.js';

const text = z.object({ text: z.string() });
const probeOps = defineOperations('auth', {
  shout: { input: text, output: text, callers: 'anyone', resend: 'read' },
  whisper: { input: text, output: text, callers: 'signed-in', resend: 'read' },
});

class DenyAll implements CanActivate {
  canActivate(): boolean {
    return false;
  }
}

class PassAlong implements NestInterceptor {
  intercept(_context: unknown, next: { handle(): unknown }) {
    return next.handle() as never;
  }
}

abstract class Quiet {
  protected readonly suffix: string = '.';

  @Handles(probeOps.whisper)
  whisper(input: { text: string }, call: Call<'signed-in'>) {
    return { text: `${input.text.toLowerCase()} (${call.actor.name})${this.suffix}` };
  }
}

@Controller()
class LoudController extends Quiet {
  protected override readonly suffix = '!';

  /** Not a handler, and never run by the search for handlers. */
  get volume(): number {
    throw new Error('a getter was read while looking for handlers');
  }

  @Handles(probeOps.shout)
  shout(input: { text: string }) {
    return { text: `${input.text.toUpperCase()}${this.suffix}` };
  }
}

@Controller()
class GuardedController {
  @Handles(probeOps.shout)
  @UseGuards(DenyAll)
  shout(input: { text: string }) {
    return input;
  }
}

@Controller()
class GuardedAboveController {
  @UseGuards(DenyAll)
  @Handles(probeOps.shout)
  shout(input: { text: string }) {
    return input;
  }
}

@Controller()
@UseInterceptors(PassAlong)
class InterceptedController {
  @Handles(probeOps.shout)
  shout(input: { text: string }) {
    return input;
  }
}

@Controller()
class PayloadController {
  @Handles(probeOps.shout)
  shout(@Payload() input: { text: string }) {
    return input;
  }
}

async function handlersOf(controllers: Type[]) {
  @Module({ controllers })
  class ProbeModule {}
  const app = await NestFactory.createApplicationContext(ProbeModule, { logger: false });
  try {
    return directHandlers(app.get(ModulesContainer));
  } finally {
    await app.close();
  }
}

describe('direct request-reply handlers', () => {
  it('binds every @Handles method, inherited ones included, to its controller', async () => {
    const handlers = await handlersOf([LoudController]);
    expect([...handlers.keys()].sort()).toEqual(
      [probeOps.shout.subject, probeOps.whisper.subject].sort(),
    );
    // The input is parsed and the caller checked by @Handles, as for a call over NATS.
    expect(handlers.get(probeOps.shout.subject)!({ actor: null, input: { text: 'hi' } })).toEqual({
      text: 'HI!',
    });
    const actor = { id: 'a1', role: 'user', name: 'Ada', loginId: 'ada' };
    expect(handlers.get(probeOps.whisper.subject)!({ actor, input: { text: 'Psst' } })).toEqual({
      text: 'psst (Ada)!',
    });
    expect(() =>
      handlers.get(probeOps.whisper.subject)!({ actor: null, input: { text: 'Psst' } }),
    ).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }) as Error);
    expect(() => handlers.get(probeOps.shout.subject)!({ actor: null, input: {} })).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST' }) as Error,
    );
  });

  it('refuses a handler with Nest guards, interceptors or parameter decorators', async () => {
    await expect(handlersOf([GuardedController])).rejects.toThrow(
      'GuardedController.shout declares Nest guards',
    );
    await expect(handlersOf([GuardedAboveController])).rejects.toThrow(
      'GuardedAboveController.shout declares Nest guards',
    );
    await expect(handlersOf([InterceptedController])).rejects.toThrow(
      'InterceptedController declares Nest interceptors',
    );
    await expect(handlersOf([PayloadController])).rejects.toThrow(
      'PayloadController.shout declares Nest parameter decorators',
    );
  });

  it('refuses two handlers of one subject', async () => {
    @Controller()
    class AnotherLoud {
      @Handles(probeOps.shout)
      shout(input: { text: string }) {
        return input;
      }
    }
    await expect(handlersOf([LoudController, AnotherLoud])).rejects.toThrow(
      `${probeOps.shout.subject} is handled twice`,
    );
  });
});
