/**
 * `/health`: 200 only when every service answers and its PostgreSQL, NATS and JetStream are up;
 * the body has one entry per dependency either way.
 */
import { Controller, Get, Res } from '@nestjs/common';
import { OPERATIONS, SERVICE_NAMES } from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import type { FastifyReply } from 'fastify';
import { Access } from '../auth/access.decorator.js';

@Controller()
export class HealthController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('/health')
  @Access('public')
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const services = await Promise.all(
      SERVICE_NAMES.map(async (service) => {
        try {
          return await this.rpc.call(OPERATIONS[service].health, {}, { timeoutMs: 3000 });
        } catch (error) {
          return { service, status: 'down' as const, checks: {}, error: (error as Error).message };
        }
      }),
    );
    const up = services.every((s) => s.status === 'up');
    void reply.status(up ? 200 : 503);
    return {
      status: up ? 'up' : 'down',
      gateway: { status: 'up' },
      services: Object.fromEntries(services.map((s) => [s.service, s])),
    };
  }
}
