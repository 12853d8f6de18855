/** Request-reply adapters of `noticesOps`. */
import { Controller } from '@nestjs/common';
import { noticesOps, type NoticeInput, type ParsedInputOf } from '@lr/contracts';
import { Handles, type Call } from '@lr/nest-kit';
import { NoticesService } from './notices.service.js';

@Controller()
export class NoticesController {
  constructor(private readonly notices: NoticesService) {}

  @Handles(noticesOps.listNotices)
  list() {
    return this.notices.list();
  }

  @Handles(noticesOps.getNotice)
  get({ id }: { id: string }) {
    return this.notices.get(id);
  }

  @Handles(noticesOps.createNotice)
  create(input: NoticeInput) {
    return this.notices.create(input);
  }

  @Handles(noticesOps.updateNotice)
  update({ id, notice }: ParsedInputOf<typeof noticesOps.updateNotice>) {
    return this.notices.update(id, notice);
  }

  @Handles(noticesOps.deleteNotice)
  delete({ id }: { id: string }) {
    return this.notices.delete(id);
  }

  @Handles(noticesOps.activeNotices)
  active(_input: unknown, call: Call<typeof noticesOps.activeNotices.callers>) {
    return this.notices.active(call.actor.id);
  }

  @Handles(noticesOps.dismissNotice)
  dismiss({ id }: { id: string }, call: Call<typeof noticesOps.dismissNotice.callers>) {
    return this.notices.dismiss(call.actor.id, id);
  }
}
