import { planAccountKeys, type KeyedAccount } from './account-key-plan.js';

const account = (id: string, loginId: string, name: string, stored?: Partial<KeyedAccount>) => ({
  id,
  loginId,
  name,
  role: 'user',
  loginKey: loginId.toLowerCase(),
  nameKey: name.toLowerCase(),
  ...stored,
});

describe('planAccountKeys', () => {
  it('changes nothing when every stored key is right', () => {
    const plan = planAccountKeys([account('a', 'maplegrove', 'Maple Grove Elementary')]);
    expect(plan).toEqual({ changes: [], loginIdCollisions: [], schoolNameCollisions: [] });
  });

  it('recomputes keys the database folded its own way', () => {
    const plan = planAccountKeys([
      account('a', 'P\u0130NERIDGE', 'ΟΔΟΣ', { loginKey: 'p\u0130neridge', nameKey: 'ΟΔΟΣ' }),
    ]);
    expect(plan.changes).toEqual([{ id: 'a', loginKey: 'pineridge', nameKey: 'οδοσ' }]);
  });

  it('keeps a shared key for the older account; the later one gets an unreachable key', () => {
    const plan = planAccountKeys([
      account('old', 'maplegrove', 'Maple Grove Elementary'),
      account('new', 'maplegrove\u200b', 'MAPLE GROVE ELEMENTARY', {
        loginKey: 'maplegrove\u200b',
      }),
    ]);
    expect(plan.loginIdCollisions).toEqual(['new']);
    expect(plan.schoolNameCollisions).toEqual(['new']);
    expect(plan.changes).toEqual([
      {
        id: 'new',
        loginKey: 'maplegrove\u0001new',
        nameKey: 'maple grove elementary\u0001new',
      },
    ]);
  });

  it('lets staff accounts share a name with a school', () => {
    const plan = planAccountKeys([
      account('school', 'oakpark', 'Admin'),
      { ...account('staff', 'admin', 'Admin'), role: 'admin' },
    ]);
    expect(plan.schoolNameCollisions).toEqual([]);
    expect(plan.changes).toEqual([]);
  });
});
