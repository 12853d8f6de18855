import * as contracts from '../index.js';
import { OPERATIONS, OPERATION_BY_SUBJECT } from './index.js';
import type { Operation } from '../operation.js';

/** Every exported group of operations (`authOps`, `settingsOps`, ...). */
function exportedGroups(): Array<[string, Record<string, Operation>]> {
  return (Object.entries(contracts) as [string, unknown][]).filter(
    (entry): entry is [string, Record<string, Operation>] =>
      entry[0].endsWith('Ops') && typeof entry[1] === 'object',
  );
}

describe('the declared operations', () => {
  it('give every operation of every group one subject of its own', () => {
    const declared = exportedGroups().flatMap(([, group]) => Object.values(group));
    const subjects = declared.map((operation) => operation.subject);
    // Two groups of one service with the same key would hide one of them in OPERATIONS.
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(OPERATION_BY_SUBJECT.size).toBe(subjects.length);
  });

  it('serve each group under its own service, in the rpc.<service>.<operation> form', () => {
    for (const [service, group] of Object.entries(OPERATIONS)) {
      for (const operation of Object.values(group)) {
        expect(operation.service).toBe(service);
        expect(operation.subject).toMatch(new RegExp(`^rpc\\.${service}\\.[a-z]+(-[a-z]+)*$`));
      }
    }
  });

  it('let only the gateway call operations no service names in calledBy', () => {
    const calledByServices = [...OPERATION_BY_SUBJECT.values()].filter((op) => op.calledBy);
    for (const operation of calledByServices) {
      expect(operation.calledBy).not.toContain(operation.service);
    }
  });
});
