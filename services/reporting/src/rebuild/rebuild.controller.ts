/** Request-reply adapter of the rebuild (admin only). */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RPC, type RebuildResult, type RebuildStatus, type RpcRequest } from '@lr/contracts';
import { requireRole } from '@lr/nest-kit';
import { RebuildService } from './rebuild.service.js';

@Controller()
export class RebuildController {
  constructor(private readonly rebuilds: RebuildService) {}

  @MessagePattern(RPC.reporting.rebuild)
  async rebuild(@Payload() request: RpcRequest<unknown>): Promise<RebuildResult> {
    requireRole(request.actor, 'admin');
    return this.rebuilds.rebuild();
  }

  @MessagePattern(RPC.reporting.rebuildStatus)
  async status(@Payload() request: RpcRequest<unknown>): Promise<RebuildStatus> {
    requireRole(request.actor, 'admin');
    return this.rebuilds.status();
  }
}
