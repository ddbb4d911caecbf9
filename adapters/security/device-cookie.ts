/**
 * OWASP's device cookie ("Slow down online guessing attacks with device cookies"): after a
 * successful login the browser holds a signed note "this e-mail logged in here", which lets its
 * later logins for that e-mail past the limits strangers share. The note is a compact JWS: the
 * e-mail (sub), a random nonce (jti) and an expiry, HS256 with a key derived from the JWT secret
 * for this use alone, so a session token is never a device cookie nor the other way round.
 */
import { jwtVerify, SignJWT } from "jose";
import type { DeviceCookies } from "../../core/admin/login.ts";

const ISSUER = "yarra-shine";
const AUDIENCE = "yarra-shine-login-device";
/** Long enough that the office's browsers keep it between visits (OWASP suggests months). */
export const DEVICE_COOKIE_LIFETIME_DAYS = 180;

/** HMAC-SHA256(secret, label): a key of its own for device cookies, from the one secret configured. */
async function derivedKey(secret: string): Promise<Uint8Array> {
  const hmac = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", hmac, new TextEncoder().encode("login device cookie v1")));
}

export function makeDeviceCookies(
  secret: string,
  options: { lifetimeDays?: number; now?: () => Date } = {},
): DeviceCookies {
  const key = derivedKey(secret);
  const now = options.now ?? (() => new Date());
  const lifetimeSeconds = Math.round((options.lifetimeDays ?? DEVICE_COOKIE_LIFETIME_DAYS) * 24 * 3600);
  return {
    async issue(email) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const expiresAt = new Date((issuedAt + lifetimeSeconds) * 1000);
      const nonce = crypto.randomUUID();
      const value = await new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(email)
        .setJti(nonce)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key);
      return { value, nonce, expiresAt };
    },
    async verify(value, email) {
      try {
        const { payload } = await jwtVerify(value, await key, {
          algorithms: ["HS256"],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now(),
          requiredClaims: ["sub", "jti", "exp"],
        });
        if (payload.sub !== email || typeof payload.jti !== "string") return null;
        return { nonce: payload.jti, expiresAt: new Date(payload.exp! * 1000) };
      } catch {
        // Tampered, expired, signed with another key, or not a JWS at all: an untrusted browser.
        return null;
      }
    },
  };
}
