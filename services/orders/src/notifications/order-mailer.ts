/**
 * Emails to the school about its order (placed, Ready for Pickup, Delivered). Sending happens after
 * the order committed and never fails it: a mail error is logged and forgotten.
 *
 * A mail carries what the school needs to find the request again (its number, items and
 * quantities), not the student's or the teacher's details: mail leaves the product's reach (mail
 * servers, inboxes, the mbox file) where the retention job cannot erase it.
 */
import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, Mailer, type Logger } from '@lr/nest-kit';
import type { OrderSnapshot, OrderStatus } from '@lr/contracts';
import { pickupSentence } from '../pickups/pickup-text.js';

export const PICKUP_TIMES = 'Tuesdays 2:00-4:00 and Thursdays 8:00-9:30 am';

/**
 * Every order mail goes to the address the school wrote in its request, which may be anyone's: the
 * mail says who caused it and why, so a stranger who receives one knows what it is.
 */
export function whySentText(order: OrderSnapshot): string {
  return [
    '--',
    `Sent by the Locker Room charity shop because the school "${order.userName}" placed request`,
    `${order.orderNumber} there and named this address as its contact. If you do not know this`,
    'request, you can ignore this message.',
  ].join('\n');
}

export function linesText(order: OrderSnapshot): string {
  return order.lines
    .map((line) => `- ${line.name} (${line.subCategory}, size ${line.size}): ${line.quantity}`)
    .join('\n');
}

export function placedMail(order: OrderSnapshot): { subject: string; text: string } {
  return {
    subject: `Your request ${order.orderNumber} has been received`,
    text: [
      `Hello ${order.userName},`,
      '',
      `We received request ${order.orderNumber}:`,
      linesText(order),
      '',
      'In-stock items are picked, packed and delivered within 24-48 hours. Supplies are limited and the',
      'requested amount is not guaranteed. We will write again when it is ready.',
    ].join('\n'),
  };
}

export function statusMail(
  order: OrderSnapshot,
  status: OrderStatus,
): { subject: string; text: string } | null {
  if (status === 'Ready for Pickup') {
    return {
      subject: `Your request ${order.orderNumber} is ready for pickup`,
      text: [
        `Hello ${order.userName},`,
        '',
        `Request ${order.orderNumber} is ready for pickup:`,
        linesText(order),
        '',
        order.pickup ? pickupSentence(order.pickup) : `Pickup times: ${PICKUP_TIMES}.`,
      ].join('\n'),
    };
  }
  if (status === 'Delivered') {
    return {
      subject: `Your request ${order.orderNumber} has been delivered`,
      text: [
        `Hello ${order.userName},`,
        '',
        `Request ${order.orderNumber} has been delivered:`,
        linesText(order),
        '',
        'Thank you for helping your students.',
      ].join('\n'),
    };
  }
  return null;
}

@Injectable()
export class OrderMailer {
  private readonly logger: Logger;

  constructor(
    private readonly mailer: Mailer,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: OrderMailer.name });
  }

  orderPlaced(order: OrderSnapshot): void {
    this.sendQuietly(order, placedMail(order));
  }

  statusChanged(order: OrderSnapshot, status: OrderStatus): void {
    const mail = statusMail(order, status);
    if (mail) this.sendQuietly(order, mail);
  }

  /** Sends `mail` to the order's contact; a failure is logged, never thrown. */
  sendQuietly(order: OrderSnapshot, mail: { subject: string; text: string }): void {
    const to = order.shippingInfo.Email;
    if (!to) return;
    const text = `${mail.text}\n\n${whySentText(order)}`;
    this.mailer.send({ to, subject: mail.subject, text }).catch((error: unknown) => {
      this.logger.warn(
        { err: (error as Error).message, orderId: order.id },
        'order mail could not be sent',
      );
    });
  }
}
