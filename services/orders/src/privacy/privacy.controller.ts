/** Request-reply adapters of the privacy requests (admins only: `ordersOps`). */
import { Controller } from '@nestjs/common';
import { ordersOps, type PrivacyEraseInput, type PrivacyExportInput } from '@lr/contracts';
import { Handles, type Call } from '@lr/nest-kit';
import { PrivacyRequestsService } from './privacy-requests.service.js';

@Controller()
export class PrivacyController {
  constructor(private readonly requests: PrivacyRequestsService) {}

  @Handles(ordersOps.privacyErase)
  erase(input: PrivacyEraseInput, call: Call) {
    return this.requests.erase(call, input);
  }

  @Handles(ordersOps.privacyExport)
  export(input: PrivacyExportInput, call: Call) {
    return this.requests.export(call, input);
  }
}
