/**
 * `GET /api/v1/privacy`: what the store's Privacy Policy page states about student details (how long
 * they are kept, how long the access log is kept, whom to ask for a copy or erasure), from the
 * orders service's configuration, so the page always says what the server does.
 */
import { Controller, Get } from '@nestjs/common';
import { ordersOps, privacyTermsResponseSchema, type PrivacyTerms } from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import { Access } from '../../auth/access.decorator.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';

@Controller()
export class PrivacyController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('/api/v1/privacy')
  @Access('public')
  @ApiDoc({
    summary:
      'Privacy terms: days student details are kept after an order is finished, days the access log is kept, contact for export or erasure (public)',
    response: privacyTermsResponseSchema,
  })
  async terms(): Promise<{ success: true; privacy: PrivacyTerms }> {
    return {
      success: true,
      privacy: await this.rpc.call(ordersOps.privacyTerms, {}, { actor: null }),
    };
  }
}
