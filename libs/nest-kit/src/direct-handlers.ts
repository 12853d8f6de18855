/**
 * A service's request-reply handlers, found once at start: each `@Handles` method bound to its
 * controller, by subject. NatsRpcServer calls them directly rather than through Nest's per-call
 * pipeline (guards, interceptors, pipes and exception filters, each an async step on every call),
 * which no handler uses: a handler's checks are `@Handles`'s (the caller, the input) and its own.
 * A controller or method that declares one of those Nest enhancers is refused at start, so a rule
 * cannot be added that way and silently never run.
 */
import type { Type } from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  INTERCEPTORS_METADATA,
  PIPES_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';
import type { ModulesContainer } from '@nestjs/core';
import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import { HANDLED_METHOD } from './handles.js';

/** Answers one request's payload (`{ actor, input, requestId, access }`) as the method does. */
export type DirectHandler = (payload: unknown) => unknown;

/** Nest's enhancers, kept on the controller class or on the method itself. */
const ENHANCERS = [
  [GUARDS_METADATA, 'guards'],
  [INTERCEPTORS_METADATA, 'interceptors'],
  [PIPES_METADATA, 'pipes'],
  [EXCEPTION_FILTERS_METADATA, 'exception filters'],
] as const;

function declared(metadata: unknown): boolean {
  if (metadata === undefined || metadata === null) return false;
  return Array.isArray(metadata) ? metadata.length > 0 : Object.keys(metadata).length > 0;
}

function refuseEnhancers(controller: Type, name: string, method: object): void {
  const written = Reflect.getMetadata(HANDLED_METHOD, method) as object | undefined;
  const targets: [string, object][] = [
    [controller.name, controller],
    [`${controller.name}.${name}`, method],
    // Decorators below `@Handles` run first and mark the method as written, not its wrapper.
    ...(written ? [[`${controller.name}.${name}`, written] as [string, object]] : []),
  ];
  for (const [key, what] of ENHANCERS) {
    for (const [where, target] of targets) {
      if (declared(Reflect.getMetadata(key, target))) {
        throw new Error(
          `${where} declares Nest ${what}: request-reply handlers are called directly, so state the rule in the handler or in its operation`,
        );
      }
    }
  }
  // Parameter decorators (@Payload, @Ctx) are kept on the class under the method's name.
  if (declared(Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name))) {
    throw new Error(
      `${controller.name}.${name} declares Nest parameter decorators: a request-reply handler takes (input, call) from @Handles`,
    );
  }
}

/** The patterns a method answers (Nest's `MessagePattern` metadata, set by `@Handles`). */
function patternsOf(method: unknown): string[] {
  if (typeof method !== 'function') return [];
  const patterns: unknown = Reflect.getMetadata(PATTERN_METADATA, method);
  return Array.isArray(patterns) ? patterns.filter((p): p is string => typeof p === 'string') : [];
}

/**
 * Every method on `prototype` and the prototypes it inherits from, up to Object's, the nearest
 * definition of each name winning; read from the property descriptors, so no getter runs.
 */
function methodsOf(prototype: object): [string, object][] {
  const methods = new Map<string, object>();
  for (
    let p: object | null = prototype;
    p && p !== Object.prototype;
    p = Object.getPrototypeOf(p)
  ) {
    for (const name of Object.getOwnPropertyNames(p)) {
      if (name === 'constructor' || methods.has(name)) continue;
      const value: unknown = Object.getOwnPropertyDescriptor(p, name)?.value;
      if (typeof value === 'function') methods.set(name, value);
    }
  }
  return [...methods];
}

/** Subject (un-namespaced) -> its handler, over every controller of the application. */
export function directHandlers(modules: ModulesContainer): Map<string, DirectHandler> {
  const handlers = new Map<string, DirectHandler>();
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      const controller = wrapper.metatype as Type | null;
      if (!instance || !controller) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const [name, method] of methodsOf(prototype)) {
        const patterns = patternsOf(method);
        if (patterns.length === 0) continue;
        const where = `${controller.name}.${name}`;
        if (!wrapper.isDependencyTreeStatic()) {
          throw new Error(`${where}: request-reply controllers must be singletons`);
        }
        refuseEnhancers(controller, name, method);
        const bound = (method as (payload: unknown) => unknown).bind(instance);
        for (const pattern of patterns) {
          if (handlers.has(pattern)) throw new Error(`${pattern} is handled twice (${where})`);
          handlers.set(pattern, bound);
        }
      }
    }
  }
  return handlers;
}
