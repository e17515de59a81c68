import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CurrentUser } from '@schemas/entities/user.schema';
import { expect, it } from 'vitest';
import { agent, describeEachDb, multipartFile, signedIn, type Agent } from './helpers';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

const upload = (a: Agent, uid: number, data: Buffer, filename = 'me.png', type = 'image/png') =>
  a.post(`/api/v2/users/${uid}/avatar`, undefined, {
    raw: multipartFile('avatar', filename, type, data),
  });

describeEachDb('avatars', (server) => {
  const uidOf = async (name: string) =>
    (await server().db.query<{ uid: number }>('SELECT uid FROM users WHERE name = $1', [name]))
      .rows[0]!.uid;
  const fileOf = (url: string) =>
    path.join(server().dataDir, 'uploads', 'avatars', url.replace('/files/avatars/', ''));

  it('uploads a PNG, serves it safely and replaces it', async () => {
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    const res = await upload(learner, uid, PNG);
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json<{ data: CurrentUser }>().data;
    expect(user.avatar).toMatch(/^\/files\/avatars\/[a-f0-9]{32}\.png$/);
    expect((await learner.get('/api/v2/me')).json<{ data: CurrentUser }>().data.avatar).toBe(
      user.avatar,
    );

    const file = await agent(server).get(user.avatar!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    // A GIF named .png is stored by its real type; the old file is removed.
    const replaced = await upload(learner, uid, GIF);
    expect(replaced.statusCode).toBe(200);
    const next = replaced.json<{ data: CurrentUser }>().data.avatar!;
    expect(next).toMatch(/\.gif$/);
    expect(existsSync(fileOf(user.avatar!))).toBe(false);
    expect(existsSync(fileOf(next))).toBe(true);
    expect((await agent(server).get(user.avatar!)).statusCode).toBe(404);
    expect((await agent(server).get(next)).headers['content-type']).toBe('image/gif');

    const removed = await learner.delete(`/api/v2/users/${uid}/avatar`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ data: CurrentUser }>().data.avatar).toBeNull();
    expect(existsSync(fileOf(next))).toBe(false);
  });

  it('refuses files that are not images and images over 2 MB', async () => {
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    const text = await upload(learner, uid, Buffer.from('just some text, honestly'), 'cat.png');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Choose a PNG, JPEG, WebP or GIF image.');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const large = await upload(learner, uid, big);
    expect(large.statusCode).toBe(400);
    expect(large.json().message).toBe('The image is larger than 2 MB.');
    const wrongField = await learner.post(`/api/v2/users/${uid}/avatar`, undefined, {
      raw: multipartFile('picture', 'me.png', 'image/png', PNG),
    });
    expect(wrongField.statusCode).toBe(400);
    const json = await learner.post(`/api/v2/users/${uid}/avatar`, { avatar: 'x' });
    expect(json.statusCode).toBe(400);
    expect((await learner.get('/api/v2/me')).json<{ data: CurrentUser }>().data.avatar).toBeNull();
  });

  it('only the owner or an administrator changes an avatar', async () => {
    const learner = await signedIn(server, 'learner');
    const admin = await signedIn(server, 'admin');
    const trainer = await uidOf('trainer');
    expect((await upload(learner, trainer, PNG)).statusCode).toBe(403);
    expect((await learner.delete(`/api/v2/users/${trainer}/avatar`)).statusCode).toBe(403);
    expect((await upload(agent(server), trainer, PNG)).statusCode).toBe(401);
    const res = await upload(admin, trainer, PNG);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: CurrentUser }>().data).toMatchObject({ uid: trainer });
    expect((await admin.delete(`/api/v2/users/${trainer}/avatar`)).statusCode).toBe(200);
    expect((await upload(admin, 99999, PNG)).statusCode).toBe(404);
  });

  it('keeps JSON and form bodies working beside multipart', async () => {
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    const json = await learner.patch(`/api/v2/users/${uid}`, { last_name: 'Chen' });
    expect(json.statusCode).toBe(200);
    const form = await learner.patch(`/api/v2/users/${uid}`, 'last_name=Chen-Park', { form: true });
    expect(form.statusCode).toBe(200);
    expect(form.json().data.last_name).toBe('Chen-Park');
  });

  it('answers 404 for unknown or malformed file names', async () => {
    const visitor = agent(server);
    for (const url of [
      '/files/avatars/0123456789abcdef0123456789abcdef.png',
      '/files/avatars/..%2F..%2Fetc%2Fpasswd',
      '/files/avatars/notes.txt',
    ]) {
      const res = await visitor.get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
