import { MESSAGES } from '@leadreel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signUp, type TestApp } from './helpers.ts';

// "Bad input": every field of every route with empty, too long, wrong type and malformed values
// gets a clear 400 with a message key, and nothing is written.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signUp(t));
});
afterAll(async () => {
  await t.close();
});

const LONG = 'x'.repeat(300);
const EMAIL_CASES: Array<[unknown, string]> = [
  [undefined, 'email_required'],
  ['', 'email_required'],
  ['   ', 'email_required'],
  [42, 'email_required'],
  [['a@b.co'], 'email_required'],
  ['no-at-sign', 'email_invalid'],
  ['two@@example.test', 'email_invalid'],
  ['a@nodot', 'email_invalid'],
  ['<script>@x.y', 'email_invalid'],
  [`${LONG}@example.test`, 'email_too_long'],
];
const NEW_PASSWORD_CASES: Array<[unknown, string]> = [
  [undefined, 'password_required'],
  ['', 'password_required'],
  ['         ', 'password_blank'],
  ['short', 'password_too_short'],
  ['p'.repeat(129), 'password_too_long'],
  [12345678, 'password_required'],
];
const CODE_CASES: Array<[unknown, string]> = [
  [undefined, 'code_incomplete'],
  ['', 'code_incomplete'],
  ['12345', 'code_incomplete'],
  ['1234567', 'code_incomplete'],
  ['12a456', 'code_incomplete'],
  [123456, 'code_incomplete'],
];

type Case = {
  route: string;
  valid: Record<string, unknown>;
  field: string;
  cases: Array<[unknown, string]>;
  auth?: boolean;
};

const ROUTES: Case[] = [
  {
    route: '/api/auth/verify-code',
    valid: { email: 'ok@example.test', scene: 'signup' },
    field: 'email',
    cases: EMAIL_CASES,
  },
  {
    route: '/api/auth/verify-code',
    valid: { email: 'ok@example.test', scene: 'signup' },
    field: 'scene',
    cases: [
      [undefined, 'scene_invalid'],
      ['', 'scene_invalid'],
      ['admin', 'scene_invalid'],
      [1, 'scene_invalid'],
    ],
  },
  {
    route: '/api/auth/signup',
    valid: { email: 'new@example.test', password: 'good password', code: '123456' },
    field: 'email',
    cases: EMAIL_CASES,
  },
  {
    route: '/api/auth/signup',
    valid: { email: 'new@example.test', password: 'good password', code: '123456' },
    field: 'password',
    cases: NEW_PASSWORD_CASES,
  },
  {
    route: '/api/auth/signup',
    valid: { email: 'new@example.test', password: 'good password', code: '123456' },
    field: 'code',
    cases: CODE_CASES,
  },
  {
    route: '/api/auth/signup',
    valid: { email: 'new@example.test', password: 'good password', code: '123456' },
    field: 'ref',
    cases: [
      ['', 'ref_invalid'],
      ['not-a-uuid', 'ref_invalid'],
      [7, 'ref_invalid'],
      [LONG, 'ref_invalid'],
    ],
  },
  {
    route: '/api/auth/login',
    valid: { email: 'a@example.test', password: 'whatever' },
    field: 'email',
    cases: EMAIL_CASES,
  },
  {
    route: '/api/auth/login',
    valid: { email: 'a@example.test', password: 'whatever' },
    field: 'password',
    cases: [
      [undefined, 'password_required'],
      ['', 'password_required'],
      ['p'.repeat(129), 'password_too_long'],
      [false, 'password_required'],
    ],
  },
  { route: '/api/auth/find-password', valid: { email: 'a@example.test' }, field: 'email', cases: EMAIL_CASES },
  {
    route: '/api/auth/reset-password',
    valid: { email: 'a@example.test', code: '123456', password: 'good password' },
    field: 'password',
    cases: NEW_PASSWORD_CASES,
  },
  {
    route: '/api/auth/reset-password',
    valid: { email: 'a@example.test', code: '123456', password: 'good password' },
    field: 'code',
    cases: CODE_CASES,
  },
  {
    route: '/api/auth/reset-password',
    valid: { email: 'a@example.test', code: '123456', password: 'good password' },
    field: 'email',
    cases: EMAIL_CASES,
  },
  {
    route: '/api/auth/change-password',
    valid: { oldPassword: 'correct horse battery', newPassword: 'good password' },
    field: 'newPassword',
    cases: NEW_PASSWORD_CASES,
    auth: true,
  },
  {
    route: '/api/auth/change-password',
    valid: { oldPassword: 'correct horse battery', newPassword: 'good password' },
    field: 'oldPassword',
    cases: [
      [undefined, 'password_required'],
      ['', 'password_required'],
      ['p'.repeat(129), 'password_too_long'],
    ],
    auth: true,
  },
  {
    route: '/api/auth/set-password',
    valid: { newPassword: 'good password' },
    field: 'newPassword',
    cases: NEW_PASSWORD_CASES,
    auth: true,
  },
  {
    route: '/api/auth/login/google',
    valid: { idToken: 'x.y.z' },
    field: 'idToken',
    cases: [
      [undefined, 'id_token_required'],
      ['', 'id_token_required'],
      [{}, 'id_token_required'],
      ['x'.repeat(9000), 'illegal_input'],
    ],
  },
  {
    route: '/api/channel/check-token',
    valid: { token: 'abc' },
    field: 'token',
    cases: [
      [undefined, 'token_required'],
      ['', 'token_required'],
      [1, 'token_required'],
      ['t'.repeat(600), 'illegal_input'],
    ],
  },
  {
    route: '/api/auth/bind-referrer',
    valid: { ref: '00000000-0000-4000-8000-000000000000' },
    field: 'ref',
    cases: [
      [undefined, 'ref_invalid'],
      ['', 'ref_invalid'],
      ['1 or 1=1', 'ref_invalid'],
      [12, 'ref_invalid'],
    ],
    auth: true,
  },
  {
    route: '/api/account/language',
    valid: { language: 'en' },
    field: 'language',
    cases: [
      [undefined, 'language_invalid'],
      ['', 'language_invalid'],
      ['fr', 'language_invalid'],
      [['en'], 'language_invalid'],
    ],
    auth: true,
  },
  ...videoRouteCases(),
];

/** folders, videos and the upload flow. */
function videoRouteCases(): Case[] {
  const folderId = '00000000-0000-4000-8000-000000000000';
  const videoId = '00000000-0000-4000-8000-000000000001';
  const FOLDER_NAME: Array<[unknown, string]> = [
    [undefined, 'folder_name_required'],
    ['', 'folder_name_required'],
    ['   ', 'folder_name_required'],
    [42, 'folder_name_required'],
    ['n'.repeat(51), 'folder_name_too_long'],
  ];
  const FOLDER_ID: Array<[unknown, string]> = [
    [undefined, 'folder_invalid'],
    ['', 'folder_invalid'],
    ['../x', 'folder_invalid'],
    [7, 'folder_invalid'],
  ];
  const VIDEO_ID: Array<[unknown, string]> = [
    [undefined, 'video_invalid'],
    ['', 'video_invalid'],
    ['not-a-uuid', 'video_invalid'],
    [{}, 'video_invalid'],
  ];
  const VIDEO_IDS: Array<[unknown, string]> = [
    [undefined, 'video_invalid'],
    [[], 'video_invalid'],
    ['x', 'video_invalid'],
    [Array.from({ length: 501 }, () => videoId), 'video_invalid'],
  ];
  const add = (route: string, valid: Record<string, unknown>, field: string, cases: Array<[unknown, string]>) =>
    ({ route, valid, field, cases, auth: true }) satisfies Case;
  return [
    add('/api/vod/video/folder/add', { name: 'ok' }, 'name', FOLDER_NAME),
    add('/api/vod/video/folder/rename', { folderId, name: 'ok' }, 'name', FOLDER_NAME),
    add('/api/vod/video/folder/rename', { folderId, name: 'ok' }, 'folderId', FOLDER_ID),
    add('/api/vod/video/folder/delete', { folderId }, 'folderId', FOLDER_ID),
    add('/api/vod/video/folder/move', { folderId, videoIds: [videoId] }, 'folderId', FOLDER_ID),
    add('/api/vod/video/folder/move', { folderId, videoIds: [videoId] }, 'videoIds', VIDEO_IDS),
    add('/api/vod/video/delete', { videoIds: [videoId] }, 'videoIds', VIDEO_IDS),
    add('/api/vod/video/pre-add-custom-video', { videos: [{ videoName: 'a.mp4', size: 1 }] }, 'videos', [
      [undefined, 'illegal_input'],
      [[], 'illegal_input'],
      ['a.mp4', 'illegal_input'],
      [Array.from({ length: 101 }, () => ({ videoName: 'a.mp4', size: 1 })), 'illegal_input'],
    ]),
    add('/api/vod/video/pre-add-custom-video', { videos: [{ videoName: 'a.mp4', size: 1 }] }, 'folderId', [
      ['', 'folder_invalid'],
      ['x', 'folder_invalid'],
    ]),
    add('/api/vod/video/add-custom-video-heartbeat', { videos: [] }, 'videos', [
      [undefined, 'illegal_input'],
      [{}, 'illegal_input'],
      [Array.from({ length: 101 }, () => ({ sourceVideoId: videoId, uploadPercent: 1 })), 'illegal_input'],
    ]),
    add('/api/vod/video/re-upload-video', { sourceVideoId: videoId }, 'sourceVideoId', VIDEO_ID),
    add('/api/vod/video/add-custom-video-success', { sourceVideoId: videoId }, 'sourceVideoId', VIDEO_ID),
    add('/api/vod/video/add-custom-video-fail', { sourceVideoId: videoId }, 'sourceVideoId', VIDEO_ID),
    add('/api/vod/video/add-custom-video-fail', { sourceVideoId: videoId }, 'failReason', [
      ['r'.repeat(1001), 'illegal_input'],
      [5, 'illegal_input'],
    ]),
    add('/api/vod/video/upload/start', { sourceVideoId: videoId }, 'sourceVideoId', VIDEO_ID),
    add('/api/vod/video/upload/sign-parts', { sourceVideoId: videoId, partNumbers: [1] }, 'partNumbers', [
      [undefined, 'illegal_input'],
      [[], 'illegal_input'],
      [[0], 'illegal_input'],
      [[10001], 'illegal_input'],
      [[1.5], 'illegal_input'],
      [['1'], 'illegal_input'],
      [Array.from({ length: 101 }, (_, i) => i + 1), 'illegal_input'],
    ]),
  ];
}

async function snapshot() {
  const count = async (table: 'account' | 'session' | 'verification_code' | 'folder' | 'video') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    accounts: await count('account'),
    sessions: await count('session'),
    codes: await count('verification_code'),
    folders: await count('folder'),
    videos: await count('video'),
    usedStorage: (await t.db.selectFrom('account').select('used_storage').execute()).map((a) => Number(a.used_storage)),
  };
}

describe.each(ROUTES)('$route $field', ({ route, valid, field, cases, auth }) => {
  it.each(cases)('%j answers 400 %s and writes nothing', async (value, expected) => {
    const before = await snapshot();
    const body = { ...valid, [field]: value };
    if (value === undefined) delete body[field];
    const response = await post(t.app, route, body, auth ? token : undefined);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: expected });
    // A value inside an array is named by its path, e.g. partNumbers.0.
    expect(String(response.body.field).split('.')[0]).toBe(field);
    expect(typeof response.body.message).toBe('string');
    expect(await snapshot()).toEqual(before);
  });
});

describe('bodies that are not what a route takes', () => {
  const routes = [...new Set(ROUTES.map((r) => r.route))];

  it.each(routes)('%s refuses unknown fields instead of applying them', async (route) => {
    const valid = ROUTES.find((r) => r.route === route)?.valid ?? {};
    const response = await post(t.app, route, { ...valid, isReferer: true, admin: 1 }, token);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('unknown_field');
    expect(response.body.field).toContain('isReferer');
  });

  it.each(routes)('%s refuses a body that is not an object', async (route) => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const response = await t.app.inject({
        method: 'POST',
        url: route,
        payload,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().statusCode).toBe(400);
    }
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'invalid_body' });
  });

  it('answers a body that is not JSON with 415 and its own message, not "invalid JSON"', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a@example.test&password=whatever',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      statusCode: 415,
      error: 'unsupported_media_type',
      message: MESSAGES.unsupported_media_type,
    });
  });

  it('answers a body over 1 MiB with 413', async () => {
    const response = await post(t.app, '/api/auth/login', { email: 'a@example.test', password: 'x'.repeat(1_100_000) });
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('payload_too_large');
  });
});
