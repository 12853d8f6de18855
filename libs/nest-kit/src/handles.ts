/**
 * `@Handles(operation)`: the one decorator of a request-reply handler. It subscribes the method to
 * the operation's subject (through NatsRpcServer), checks the caller against the operation's
 * `callers` and parses the input with its schema before the method runs, so a handler receives
 * `(input, call)` already checked and only states the rules that depend on the record itself.
 */
import { MessagePattern } from '@nestjs/microservices';
import {
  AppError,
  describeZodError,
  type AccessContext,
  type Actor,
  type Callers,
  type Operation,
  type OutputOf,
  type ParsedInputOf,
  type RpcRequest,
} from '@lr/contracts';
import type { ReplyKey } from './recorded-replies.js';
import { requireActor, requireRole } from './access.js';

/** What a handler knows about its call besides the input. */
export interface Call<C extends Callers = Callers> {
  /** The caller; always set unless the operation is open to `anyone`. */
  actor: C extends 'anyone' ? Actor | null : Actor;
  /** The caller's id for this call, the same on every resend (header `x-request-id`). */
  requestId: string | null;
  /** Where a read of student details comes from (set by the gateway on staff reads). */
  access: AccessContext | null;
  /** Under which key a `deduped` write records its reply; null without a request id. */
  replyKey: ReplyKey | null;
}

type Handler<Op extends Operation> = (
  input: ParsedInputOf<Op>,
  call: Call<Op['callers']>,
) => OutputOf<Op> | Promise<OutputOf<Op>>;

/** On the function `@Handles` puts in a method's place: the method as written. */
export const HANDLED_METHOD = 'lr:handled-method';

function checkCaller(callers: Callers, actor: Actor | null): Actor | null {
  if (callers === 'anyone') return actor;
  if (callers === 'signed-in') return requireActor(actor);
  return requireRole(actor, ...callers);
}

/** Checks the caller and parses the input of one request to `operation`. */
export function callOf<Op extends Operation>(
  operation: Op,
  request: RpcRequest<unknown>,
): { input: ParsedInputOf<Op>; call: Call<Op['callers']> } {
  const actor = checkCaller(operation.callers, request.actor ?? null);
  // JSON has no `undefined`: a call sent without input arrives as null.
  const parsed = operation.input.safeParse(request.input ?? undefined);
  if (!parsed.success) throw AppError.badRequest(describeZodError(parsed.error));
  const requestId = request.requestId ?? null;
  return {
    input: parsed.data as ParsedInputOf<Op>,
    call: {
      actor: actor as Call<Op['callers']>['actor'],
      requestId,
      access: request.access ?? null,
      replyKey: requestId
        ? { requestId, subject: operation.subject, actorId: actor?.id ?? null }
        : null,
    },
  };
}

/**
 * Serves `operation` with the decorated method, which takes `(input, call)` and answers the
 * operation's output type.
 */
export function Handles<Op extends Operation>(operation: Op) {
  return function <H extends Handler<Op>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<H>,
  ): TypedPropertyDescriptor<H> {
    const handler = descriptor.value;
    if (!handler) throw new Error(`@Handles(${operation.subject}) must decorate a method`);
    const checked = function (this: unknown, request: RpcRequest<unknown>) {
      const { input, call } = callOf(operation, request);
      return handler.call(this, input, call);
    } as unknown as H;
    Object.defineProperty(checked, 'name', { value: handler.name });
    // Decorators applied before this one left their metadata on the method as written.
    Reflect.defineMetadata(HANDLED_METHOD, handler, checked);
    descriptor.value = checked;
    // Nest's pattern metadata goes on the function that now runs, the checked one.
    MessagePattern(operation.subject)(target, key, descriptor);
    return descriptor;
  };
}
