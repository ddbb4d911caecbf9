// JWTs carry UTF-8 JSON; btoa alone would encode Latin-1.
const base64url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value)))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** An unsigned JWT with the given claims; the browser only reads claims, the server verifies. */
export function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(claims)}.signature`;
}

export const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;
export const anHourAgo = () => Math.floor(Date.now() / 1000) - 3600;
