/** Request-reply adapters of the privacy requests: admins only, input parsed at the edge. */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  RPC,
  parseOrThrow,
  privacyEraseInputSchema,
  privacyExportInputSchema,
  type RpcRequest,
} from '@lr/contracts';
import { requireRole } from '@lr/nest-kit';
import { PrivacyRequestsService } from './privacy-requests.service.js';

@Controller()
export class PrivacyController {
  constructor(private readonly requests: PrivacyRequestsService) {}

  @MessagePattern(RPC.orders.privacyErase)
  erase(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin');
    return this.requests.erase(req, parseOrThrow(privacyEraseInputSchema, req.input));
  }

  @MessagePattern(RPC.orders.privacyExport)
  export(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin');
    return this.requests.export(req, parseOrThrow(privacyExportInputSchema, req.input));
  }
}
