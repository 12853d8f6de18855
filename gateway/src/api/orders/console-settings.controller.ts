/**
 * `/api/console/settings`: the charity's settings as ONE react-admin record (id `settings`) so the
 * console's <Edit> works on ra-data-simple-rest: a list holding that record, GET and PUT by id.
 * Admins only (the orders service checks again).
 */
import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import {
  AppError,
  CONSOLE_SETTINGS_ID,
  consoleSettingsSchema,
  parseOrThrow,
  settingsOps,
  updateSettingsInputSchema,
  type Actor,
  type ConsoleSettings,
  type Settings,
} from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { ConsoleListRoute } from '../../core/console.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';

function toRecord(settings: Settings): ConsoleSettings {
  return { id: CONSOLE_SETTINGS_ID, ...settings };
}

function checkId(id: string): void {
  if (id !== CONSOLE_SETTINGS_ID) throw AppError.notFound(`No settings with id ${id}`);
}

@Controller()
export class ConsoleSettingsController {
  constructor(private readonly rpc: RpcClient) {}

  @ConsoleListRoute('/api/console/settings', {
    summary: 'The settings (admins): a list of the one record, id `settings`',
    row: consoleSettingsSchema,
    sortable: ['id'],
  })
  @Access('admin')
  async list(@CurrentActor() actor: Actor) {
    const settings = await this.rpc.call(settingsOps.getSettings, undefined, { actor });
    return { items: [toRecord(settings)], total: 1 };
  }

  @Get('/api/console/settings/:id')
  @Access('admin')
  @ApiDoc({
    summary:
      "The charity's settings (admins; id `settings`): per-student limit and its mode, school year start, closed dates, public most-needed list",
    response: consoleSettingsSchema,
  })
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<ConsoleSettings> {
    checkId(id);
    return toRecord(await this.rpc.call(settingsOps.getSettings, undefined, { actor }));
  }

  @Put('/api/console/settings/:id')
  @Access('admin')
  @ApiDoc({
    summary:
      'Change the settings (admins; id `settings`): any of the fields; closed dates are stored sorted without repeats',
    body: updateSettingsInputSchema,
    response: consoleSettingsSchema,
  })
  async update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<ConsoleSettings> {
    checkId(id);
    // react-admin sends the whole record back: its id and updatedAt are not settings.
    const { id: _id, updatedAt: _at, ...fields } = (body ?? {}) as Record<string, unknown>;
    const change = parseOrThrow(updateSettingsInputSchema, fields);
    return toRecord(await this.rpc.call(settingsOps.updateSettings, change, { actor }));
  }
}
