/**
 * The user endpoints' shapes and bad input through HTTP: multipart avatars checked by content and
 * size, Add User ignoring passwordShow, the console list dialect, 404 for unknown or malformed ids,
 * 409 for a duplicate login id, and the reset flow from the mailed link.
 */
import { mailsIn, waitFor } from '@lr/testing';
import sharp from 'sharp';
import { startAuthHarness, DEMO_CODE, type AuthHarness } from './auth-harness.js';

function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type: string },
) {
  const boundary = `----lrtest${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('gateway auth: users, profile and passwords over HTTP', () => {
  let h: AuthHarness;
  let admin: string;
  let png: Buffer;

  beforeAll(async () => {
    h = await startAuthHarness();
    admin = await h.loginAs('admin');
    png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  });
  afterAll(() => h.close());

  it('updates the profile with a multipart avatar stored by the gateway', async () => {
    const cookie = await h.loginAs('cedarhill');
    const form = multipart(
      { name: 'Cedar Hill MS', email: 'cedarhill' },
      { name: 'me.png', data: png, type: 'image/png' },
    );
    const response = await h.inject({
      method: 'PUT',
      url: '/api/v1/me/update',
      headers: { ...form.headers, cookie },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    const user = response.json().user;
    expect(user).toMatchObject({ name: 'Cedar Hill MS', email: 'cedarhill' });
    expect(user.avatar.url).toMatch(/^\/media\/avatars\/[0-9a-f]+\.web\.webp$/);
    const me = await h.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.json().user.avatar.url).toBe(user.avatar.url);
  });

  it('refuses a non-image avatar (by content, whatever its name) and one over 2 MB with 400', async () => {
    const cookie = await h.loginAs('cedarhill');
    const fake = multipart(
      { name: 'X', email: 'cedarhill' },
      { name: 'evil.png', data: Buffer.from('<svg onload=alert(1)>'), type: 'image/png' },
    );
    const notImage = await h.inject({
      method: 'PUT',
      url: '/api/v1/me/update',
      headers: { ...fake.headers, cookie },
      payload: fake.payload,
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toMatch(/avatar/);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const large = multipart(
      { name: 'X', email: 'cedarhill' },
      { name: 'big.png', data: big, type: 'image/png' },
    );
    const tooLarge = await h.inject({
      method: 'PUT',
      url: '/api/v1/me/update',
      headers: { ...large.headers, cookie },
      payload: large.payload,
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toMatch(/2 MB/);
    const me = await h.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.json().user.name).toBe('Cedar Hill MS');
  });

  it('Add User takes a multipart form, ignores passwordShow and never returns a password', async () => {
    const form = multipart(
      {
        name: 'Aspen School',
        email: 'aspen',
        password: 'aspen-code',
        passwordShow: 'aspen-code',
        role: 'user',
        address: '1 Aspen Rd',
        district: 'Hills',
      },
      { name: 'a.png', data: png, type: 'image/png' },
    );
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/register',
      headers: { ...form.headers, cookie: admin },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toMatch(/aspen-code|password/i);
    expect(response.json().user).toMatchObject({
      email: 'aspen',
      role: 'user',
      address: '1 Aspen Rd',
      district: 'Hills',
    });
    const duplicate = await h.inject({
      method: 'POST',
      url: '/api/v1/register',
      headers: { cookie: admin },
      payload: { name: 'Aspen Again', email: 'ASPEN', password: 'other-code', role: 'user' },
    });
    expect(duplicate.statusCode).toBe(409);
    const list = await h.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: { cookie: admin },
    });
    expect(list.body).not.toMatch(/password|argon/i);
    expect(await h.loginAs('aspen', 'aspen-code')).toMatch(/^token=/);
  });

  it('names the bad field with 400 and answers 404 for unknown or malformed ids', async () => {
    const missing = await h.inject({
      method: 'POST',
      url: '/api/v1/register',
      headers: { cookie: admin },
      payload: { name: 'No Code', email: 'nocode' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^password/);
    const badRole = await h.inject({
      method: 'PUT',
      url: '/api/v1/admin/user/00000000-0000-4000-8000-000000000000',
      headers: { cookie: admin },
      payload: { name: 'X', email: 'x', role: 'superuser' },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toMatch(/^role/);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' OR '1'='1"]) {
      const url = `/api/v1/admin/user/${encodeURIComponent(id)}`;
      expect((await h.inject({ method: 'GET', url, headers: { cookie: admin } })).statusCode).toBe(
        404,
      );
      expect(
        (await h.inject({ method: 'DELETE', url, headers: { cookie: admin } })).statusCode,
      ).toBe(404);
      expect(
        (
          await h.inject({
            method: 'GET',
            url: `/api/console/users/${encodeURIComponent(id)}`,
            headers: { cookie: admin },
          })
        ).statusCode,
      ).toBe(404);
    }
  });

  it('an admin can neither demote nor delete themselves (409)', async () => {
    const me = (
      await h.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: admin } })
    ).json().user;
    const demoteSelf = await h.inject({
      method: 'PUT',
      url: `/api/v1/admin/user/${me._id}`,
      headers: { cookie: admin },
      payload: { name: me.name, email: me.email, role: 'user' },
    });
    expect(demoteSelf.statusCode).toBe(409);
    const deleteSelf = await h.inject({
      method: 'DELETE',
      url: `/api/v1/admin/user/${me._id}`,
      headers: { cookie: admin },
    });
    expect(deleteSelf.statusCode).toBe(409);
  });

  it('console list: Content-Range, default sort by login id, search, role filter and getMany by ids', async () => {
    const page = await h.inject({
      method: 'GET',
      url: '/api/console/users?sort=["email","ASC"]&range=[0,4]',
      headers: { cookie: admin },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-range']).toMatch(/^users 0-4\/\d+$/);
    const records = page.json() as { id: string; email: string; loginId: string }[];
    expect(records).toHaveLength(5);
    expect(Object.keys(records[0]!).sort()).toEqual([
      'address',
      'avatar',
      'createdAt',
      'district',
      'email',
      'exemptFromLineCap',
      'id',
      'loginId',
      'name',
      'role',
    ]);
    const logins = records.map((r) => r.loginId.toLowerCase());
    expect(logins).toEqual([...logins].sort());

    const search = await h.inject({
      method: 'GET',
      url: `/api/console/users?filter=${encodeURIComponent('{"q":"maple"}')}`,
      headers: { cookie: admin },
    });
    expect(search.json().map((r: { loginId: string }) => r.loginId)).toEqual(['maplegrove']);
    const volunteers = await h.inject({
      method: 'GET',
      url: `/api/console/users?filter=${encodeURIComponent('{"role":"volunteer"}')}`,
      headers: { cookie: admin },
    });
    expect(volunteers.headers['content-range']).toMatch(/\/2$/);
    const ids = records.slice(0, 2).map((r) => r.id);
    const many = await h.inject({
      method: 'GET',
      url: `/api/console/users?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`,
      headers: { cookie: admin },
    });
    expect(
      many
        .json()
        .map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([...ids].sort());
    const badSort = await h.inject({
      method: 'GET',
      url: '/api/console/users?sort=["password_hash","ASC"]',
      headers: { cookie: admin },
    });
    expect(badSort.statusCode).toBe(400);
  });

  it('console create, update and set code: the code is shown once and works at login', async () => {
    const created = await h.inject({
      method: 'POST',
      url: '/api/console/users',
      headers: { cookie: admin },
      payload: {
        name: 'Birch School',
        email: 'birch',
        password: 'birch-code',
        role: 'user',
        address: '2 Birch',
        district: 'Lakes',
      },
    });
    expect(created.statusCode).toBe(201);
    const record = created.json();
    const updated = await h.inject({
      method: 'PUT',
      url: `/api/console/users/${record.id}`,
      headers: { cookie: admin },
      payload: { ...record, name: 'Birch Community School', role: 'admin' },
    });
    expect(updated.json()).toMatchObject({
      id: record.id,
      name: 'Birch Community School',
      role: 'admin',
    });
    const code = await h.inject({
      method: 'POST',
      url: `/api/console/users/${record.id}/code`,
      headers: { cookie: admin },
    });
    expect(code.statusCode).toBe(200);
    expect(code.json()).toEqual({ id: record.id, code: expect.stringMatching(/^[a-z2-9]{10}$/) });
    expect(await h.loginAs('birch', code.json().code)).toMatch(/^token=/);
    const deleted = await h.inject({
      method: 'DELETE',
      url: `/api/console/users/${record.id}`,
      headers: { cookie: admin },
    });
    expect(deleted.json()).toMatchObject({ id: record.id });
  });

  it('password update through HTTP sets a new cookie; forgot and reset work from the mailed link', async () => {
    const created = await h.inject({
      method: 'POST',
      url: '/api/console/users',
      headers: { cookie: admin },
      payload: {
        name: 'Mail School',
        email: 'office@mail-school.example',
        password: 'mail-code-1',
        role: 'user',
      },
    });
    expect(created.statusCode).toBe(201);
    const cookie = await h.loginAs('office@mail-school.example', 'mail-code-1');
    const changed = await h.inject({
      method: 'PUT',
      url: '/api/v1/password/update',
      headers: { cookie },
      payload: {
        oldPassword: 'mail-code-1',
        newPassword: 'mail-code-2',
        confirmPassword: 'mail-code-2',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.cookies.find((c) => c.name === 'token')?.value).toBeTruthy();

    const forgot = await h.inject({
      method: 'POST',
      url: '/api/v1/password/forgot',
      payload: { email: 'office@mail-school.example' },
    });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toMatchObject({ success: true, message: expect.any(String) });
    const unknown = await h.inject({
      method: 'POST',
      url: '/api/v1/password/forgot',
      payload: { email: 'ghost@mail-school.example' },
    });
    expect(unknown.statusCode).toBe(200);
    const missing = await h.inject({ method: 'POST', url: '/api/v1/password/forgot', payload: {} });
    expect(missing.statusCode).toBe(400);

    // The link is mailed after the answer.
    const mails = await waitFor(async () => {
      const filed = await mailsIn(h.env.dataDir);
      return filed.length > 0 ? filed : null;
    });
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.replace(/=\r?\n/g, '');
    const token = /\/password\/reset\/([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    expect(token).toBeDefined();
    const reset = await h.inject({
      method: 'PUT',
      url: `/api/v1/password/reset/${token}`,
      payload: { password: 'mail-code-3', confirmPassword: 'mail-code-3' },
    });
    expect(reset.statusCode).toBe(200);
    const reused = await h.inject({
      method: 'PUT',
      url: `/api/v1/password/reset/${token}`,
      payload: { password: 'mail-code-4', confirmPassword: 'mail-code-4' },
    });
    expect(reused.statusCode).toBe(400);
    expect(await h.loginAs('office@mail-school.example', 'mail-code-3')).toMatch(/^token=/);
    const old = await h.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'office@mail-school.example', password: DEMO_CODE },
    });
    expect(old.statusCode).toBe(401);
  });
});
