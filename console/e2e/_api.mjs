// API helpers for the browser tests: the demo accounts, logging in through the API and calling it as a user,
// for setting up data and checking what the pages did.
import assert from 'node:assert/strict';

export const MANAGER = { user: 'demo_manager', password: 'Demo@12345' };
export const MERCHANT = { user: 'demo_admin', password: 'Demo@12345' };
export const REVIEWER = { user: 'demo_reviewer', password: 'Demo@12345' };

/** A header asking the API for English messages and names. */
export const EN = { currentLocale: 'en_US' };

/** The answer of a login with user name and password (its result holds the token when code is 10000). */
export async function loginAnswer(baseUrl, username, password) {
  const res = await fetch(`${baseUrl}/api/sys/loginMobileMcc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  return res.json();
}

/** The token of a user ({ user, password }); the login must succeed. */
export async function apiLogin(baseUrl, who) {
  const body = await loginAnswer(baseUrl, who.user, who.password);
  assert.equal(body.code, 10000, `${who.user} logs in: ${body.msg}`);
  return body.result.token;
}

/** The password among `passwords` this user logs in with now (a test may have changed it), or undefined. */
export async function currentPassword(baseUrl, user, passwords) {
  for (const password of [].concat(passwords)) {
    if ((await loginAnswer(baseUrl, user, password)).code === 10000) return password;
  }
  return undefined;
}

/** The token of a user who logs in with one of `passwords`; one of them must work. */
export async function tokenOf(baseUrl, user, passwords) {
  for (const password of [].concat(passwords)) {
    const body = await loginAnswer(baseUrl, user, password);
    if (body.code === 10000) return body.result.token;
  }
  throw new Error(`${user} cannot log in`);
}

/**
 * Calls the API with a token: `api(method, url, data)` sends data as JSON and answers the result; the call must
 * succeed. `headers` go with every call (e.g. currentLocale).
 */
export function apiOf(baseUrl, token, headers = {}) {
  return async (method, url, data) => {
    const res = await fetch(`${baseUrl}/api${url}`, {
      method,
      headers: { Authorization: token, 'Content-Type': 'application/json', ...headers },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    const body = await res.json();
    assert.equal(body.code, 10000, `${method} ${url}: ${body.msg}`);
    return body.result;
  };
}

/** `apiOf` for a user who logs in with one of `passwords`. */
export async function apiAs(baseUrl, user, passwords, headers = {}) {
  return apiOf(baseUrl, await tokenOf(baseUrl, user, passwords), headers);
}

/** Uploads a PNG (bytes) as an image the way the console does; answers its URL. */
export async function uploadPng(baseUrl, token, png, name) {
  const body = new FormData();
  body.append('file', new Blob([png], { type: 'image/png' }), name);
  const res = await fetch(`${baseUrl}/api/upload/oss/aliyun/image`, {
    method: 'POST',
    headers: { Authorization: token },
    body,
  });
  const up = await res.json();
  assert.equal(up.code, 10000, `upload: ${up.msg}`);
  return up.result[0];
}
