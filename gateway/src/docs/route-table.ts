/**
 * The gateway's own route table, discovered from the controllers: method, path, access rule and
 * documentation. The OpenAPI document is built from it, and the security tests read it so that a new
 * route without an expectation fails them.
 */
import { Injectable, RequestMethod } from '@nestjs/common';
import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_KEY, type AccessRule } from '../auth/access.decorator.js';
import { API_DOC_KEY, type ApiDocOptions } from './api-doc.decorator.js';

export interface RouteEntry {
  method: string;
  path: string;
  access: AccessRule[] | null;
  doc: ApiDocOptions | null;
  handler: string;
}

function joinPath(...parts: (string | undefined)[]): string {
  const joined = parts
    .filter((p): p is string => !!p)
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter((p) => p.length > 0)
    .join('/');
  return `/${joined}`;
}

@Injectable()
export class RouteTable {
  private cache: RouteEntry[] | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  routes(): RouteEntry[] {
    if (this.cache) return this.cache;
    const entries: RouteEntry[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      const type = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!instance || !type) continue;
      const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = (prototype as Record<string, unknown>)[name] as (
          ...args: unknown[]
        ) => unknown;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (paths === undefined || method === undefined) continue;
        const access =
          this.reflector.getAllAndOverride<AccessRule[] | undefined>(ACCESS_KEY, [handler, type]) ??
          null;
        const doc =
          (Reflect.getMetadata(API_DOC_KEY, handler) as ApiDocOptions | undefined) ?? null;
        for (const prefix of prefixes) {
          for (const path of ([] as string[]).concat(paths)) {
            entries.push({
              method: RequestMethod[method],
              path: joinPath(prefix, path),
              access,
              doc,
              handler: `${type.name}.${name}`,
            });
          }
        }
      }
    }
    this.cache = entries.sort(
      (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
    );
    return this.cache;
  }
}
