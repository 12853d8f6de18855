/**
 * One declaration per request-reply operation: its subject, what it takes, what it answers, who may
 * call it and whether a caller may send it again. The gateway's client (`RpcClient.call`) infers its
 * types from it and checks the reply against `output`; the answering service's `@Handles` parses the
 * input and checks the caller before the handler runs; the NATS permissions read `calledBy`.
 */
import { z } from 'zod';
import type { Role } from './domain.js';
import type { ServiceName } from './subjects.js';

/**
 * Whether a call may be sent again when no reply comes (the replica that took it died, or the NATS
 * node between them did; see docs/adr/0080-resend-request-reply.md):
 *
 * - `read`: changes nothing; sent again freely.
 * - `idempotent`: a write whose second run leaves things as the first left them.
 * - `deduped`: a write that records its reply under the caller's request id (header
 *   `x-request-id`, the same on every resend) in the same transaction as its effect; a resend whose
 *   id is known gets that reply and writes nothing (nest-kit RecordedReplies).
 * - `once`: never sent again; no reply in time is SERVICE_UNAVAILABLE.
 */
export type ResendRule = 'read' | 'idempotent' | 'deduped' | 'once';

/**
 * Who may call: `anyone` (no login needed: logins, health, public lists), `signed-in` (any role;
 * finer rules that depend on the record, such as ownership, stay in the handler), or a list of
 * roles. The gateway checks roles too; a service never trusts it alone.
 */
export type Callers = 'anyone' | 'signed-in' | readonly Role[];

/** Processes other than the gateway that call an operation (for their NATS permissions). */
export type OtherCaller = 'auth' | 'catalog' | 'orders' | 'reporting';

export interface OperationSpec<
  I extends z.ZodType,
  O extends z.ZodType,
  C extends Callers = Callers,
> {
  /** Parsed by the answering service; a call without input is parsed as `undefined`. */
  input: I;
  /** Checked by the caller on every reply: a drift is an error naming the operation. */
  output: O;
  callers: C;
  resend: ResendRule;
  /** Services that call it besides the gateway; each also gets its own `health`. */
  calledBy?: readonly OtherCaller[];
}

export interface Operation<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  C extends Callers = Callers,
> extends OperationSpec<I, O, C> {
  readonly service: ServiceName;
  /** `rpc.<service>.<operation in kebab case>`, before namespacing. */
  readonly subject: string;
}

/** What a caller sends (before the schema's defaults and transforms). */
export type InputOf<Op extends Operation> = z.input<Op['input']>;
/** What the handler receives, parsed. */
export type ParsedInputOf<Op extends Operation> = z.output<Op['input']>;
/** What the caller gets back, checked. */
export type OutputOf<Op extends Operation> = z.output<Op['output']>;

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

type Declared<S extends ServiceName, D> = {
  readonly [K in keyof D]: D[K] extends OperationSpec<infer I, infer O, infer C>
    ? Operation<I, O, C> & { readonly service: S }
    : never;
};

/**
 * The operations one service answers. Each key names its operation: `listMine` is served on
 * `rpc.orders.list-mine`, so the subject is written nowhere else.
 */
export function defineOperations<
  S extends ServiceName,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry keeps its own schemas
  D extends Record<string, OperationSpec<any, any, Callers>>,
>(service: S, specs: D): Declared<S, D> {
  const operations: Record<string, Operation> = {};
  for (const [name, spec] of Object.entries(specs)) {
    operations[name] = Object.freeze({
      ...spec,
      service,
      subject: `rpc.${service}.${kebab(name)}`,
    });
  }
  return Object.freeze(operations) as Declared<S, D>;
}

const dependencyHealthSchema = z
  .object({
    status: z.enum(['up', 'down']),
    latencyMs: z.number().optional(),
    error: z.string().optional(),
  })
  .loose();

/** One service's health: PostgreSQL, NATS and JetStream, each up or down. */
export const serviceHealthSchema = z.object({
  service: z.string(),
  status: z.enum(['up', 'down']),
  checks: z.record(z.string(), dependencyHealthSchema),
});
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;

/** Every service's health check: anyone may ask (container probes use the service's identity). */
export const healthOperation = {
  input: z.unknown(),
  output: serviceHealthSchema,
  callers: 'anyone',
  resend: 'read',
} satisfies OperationSpec<z.ZodUnknown, typeof serviceHealthSchema>;

/** The answer of an operation that answers nothing worth keeping (a delete, a logout). */
export const noReplySchema = z.null();
