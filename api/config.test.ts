import assert from "node:assert/strict";
import { ConfigError, loadAdminServerConfig, loadConfig } from "./config.ts";

Deno.test("config: the embedded defaults need no variables", () => {
  const config = loadConfig({});
  assert.equal(config.PORT, 8000);
  assert.equal(config.embedded, true);
  assert.equal(config.seedDemo, true);
  assert.equal(config.DATA_DIR, "./data");
  assert.equal(config.TOKEN_TTL_HOURS, 12);
});

Deno.test("config: PostgreSQL turns demo data off and needs a JWT secret", () => {
  assert.throws(
    () => loadConfig({ DATABASE_URL: "postgres://u@h/db" }),
    (e: Error) => e instanceof ConfigError && /JWT_SECRET: required/.test(e.message),
  );
  const config = loadConfig({ DATABASE_URL: "postgres://u@h/db", JWT_SECRET: "x".repeat(32), SITE_URL: "https://yarrashine.com.au" });
  assert.equal(config.embedded, false);
  assert.equal(config.seedDemo, false);
  assert.equal(loadConfig({ DATABASE_URL: "postgres://u@h/db", JWT_SECRET: "x".repeat(32), SITE_URL: "https://yarrashine.com.au", SEED_DEMO: "true" }).seedDemo, true);
});

Deno.test("config: bad values stop start-up with every problem named", () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: "eighty" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: must be a postgres:\/\/ URL/],
    [{ JWT_SECRET: "short" }, /JWT_SECRET: must be at least 32 characters/],
    [{ SUPERADMIN_EMAIL: "not-an-email", SUPERADMIN_PASSWORD: "long-enough-pass" }, /SUPERADMIN_EMAIL/],
    [{ SUPERADMIN_EMAIL: "a@b.co" }, /go together/],
    [{ SUPERADMIN_EMAIL: "a@b.co", SUPERADMIN_PASSWORD: "password1234" }, /SUPERADMIN_PASSWORD: This password is too common/],
    [{ SUPERADMIN_EMAIL: "a@b.co", SUPERADMIN_PASSWORD: "aaaaaaaaaaaa" }, /SUPERADMIN_PASSWORD: Password is too repetitive/],
    // Issue 29: the published demo password, the site's domain, the account's own e-mail.
    [{ SUPERADMIN_EMAIL: "a@b.co", SUPERADMIN_PASSWORD: "ShineDemo-2024!" }, /SUPERADMIN_PASSWORD: This is the demo password/],
    [{ SUPERADMIN_EMAIL: "a@b.co", SUPERADMIN_PASSWORD: "Sparkle-Homes-2026", SITE_URL: "https://sparklehomes.com.au" }, /SUPERADMIN_PASSWORD: Don't use the business's name/],
    [{ SUPERADMIN_EMAIL: "owner.jones@b.co", SUPERADMIN_PASSWORD: "OwnerJones!2026" }, /SUPERADMIN_PASSWORD: Don't use the business's name/],
    [{ SMTP_URL: "http://mail" }, /SMTP_URL/],
    [{ SEED_DEMO: "maybe" }, /SEED_DEMO/],
    [{ SITE_URL: "yarrashine.com.au" }, /SITE_URL: must be an http:\/\/ or https:\/\/ address/],
    [{ DATABASE_URL: "postgres://u@h/db", JWT_SECRET: "x".repeat(32) }, /SITE_URL: required with DATABASE_URL/],
  ];
  for (const [env, message] of cases) {
    assert.throws(() => loadConfig(env), (e: Error) => e instanceof ConfigError && message.test(e.message), JSON.stringify(env));
  }
});

Deno.test("config: SITE_URL loses its trailing slash", () => {
  assert.equal(loadConfig({ SITE_URL: "https://yarrashine.com.au/" }).SITE_URL, "https://yarrashine.com.au");
  assert.equal(loadConfig({}).SITE_URL, undefined);
});

Deno.test("config: empty strings count as unset", () => {
  assert.equal(loadConfig({ PORT: "", DATABASE_URL: " " }).PORT, 8000);
  assert.equal(loadConfig({ DATABASE_URL: "" }).embedded, true);
});

Deno.test("config: TRUST_PROXY is a hop count; true is one proxy", () => {
  const hops = (v?: string) => loadConfig(v === undefined ? {} : { TRUST_PROXY: v }).TRUST_PROXY;
  assert.deepEqual([hops(), hops("false"), hops("0"), hops("true"), hops("1"), hops("2"), hops("yes")], [0, 0, 0, 1, 1, 2, 1]);
  assert.throws(() => loadConfig({ TRUST_PROXY: "-1" }), /TRUST_PROXY/);
  assert.throws(() => loadConfig({ TRUST_PROXY: "many" }), /TRUST_PROXY/);
});

Deno.test("config: ADMIN_REMOTE_URL names the admin bundle's entry file; https with DATABASE_URL, http on loopback", () => {
  const production = { DATABASE_URL: "postgres://u@h/db", JWT_SECRET: "x".repeat(32), SITE_URL: "https://yarrashine.com.au" };
  const remote = (url: string, env: Record<string, string> = production) => loadConfig({ ...env, ADMIN_REMOTE_URL: url }).ADMIN_REMOTE_URL;
  assert.equal(loadConfig(production).ADMIN_REMOTE_URL, undefined);
  assert.equal(loadConfig({ ...production, ADMIN_REMOTE_URL: " " }).ADMIN_REMOTE_URL, undefined);
  assert.equal(remote("https://staff.yarrashine.com.au/admin-app/assets/remoteEntry.js"), "https://staff.yarrashine.com.au/admin-app/assets/remoteEntry.js");
  assert.equal(remote("https://STAFF.example.com:8443/admin-app/assets/remoteEntry.js"), "https://staff.example.com:8443/admin-app/assets/remoteEntry.js");
  for (const loopback of ["localhost:8001", "127.0.0.1:8001", "[::1]:8001", "admin.localhost"]) {
    assert.equal(remote(`http://${loopback}/admin-app/assets/remoteEntry.js`), `http://${loopback}/admin-app/assets/remoteEntry.js`);
  }
  // The embedded demo may use http anywhere (a LAN test); production may not.
  assert.equal(remote("http://192.168.1.20:8001/admin-app/assets/remoteEntry.js", {}), "http://192.168.1.20:8001/admin-app/assets/remoteEntry.js");
  const refused: [string, RegExp][] = [
    ["http://staff.example.com/admin-app/assets/remoteEntry.js", /ADMIN_REMOTE_URL: must be an https:\/\/ URL with DATABASE_URL/],
    ["http://127.0.0.1.evil.example/admin-app/assets/remoteEntry.js", /ADMIN_REMOTE_URL: must be an https:\/\/ URL with DATABASE_URL/],
    ["staff.example.com/admin-app/assets/remoteEntry.js", /ADMIN_REMOTE_URL: must be an absolute URL/],
    ["/admin-app/assets/remoteEntry.js", /ADMIN_REMOTE_URL: must be an absolute URL/],
    ["javascript:alert(1)", /ADMIN_REMOTE_URL: must be an absolute URL/],
    ["https://staff.example.com", /must name the admin bundle's entry file, https:\/\/staff.example.com\/admin-app\/assets\/remoteEntry.js/],
    ["https://staff.example.com/assets/remoteEntry.js", /must name the admin bundle's entry file/],
    ["https://staff.example.com/admin-app/assets/remoteEntry.js?v=2", /must name the admin bundle's entry file/],
    ["https://user:pw@staff.example.com/admin-app/assets/remoteEntry.js", /must name the admin bundle's entry file/],
  ];
  for (const [url, message] of refused) {
    assert.throws(() => remote(url), (e: Error) => e instanceof ConfigError && message.test(e.message), url);
  }
});

Deno.test("config: the admin bundle server's port, and the origins its CORS lets in", () => {
  const defaults = loadAdminServerConfig({});
  assert.equal(defaults.port, 8001);
  assert.deepEqual(defaults.allowedOrigins, ["http://localhost:8000"]);
  assert.deepEqual(loadAdminServerConfig({ SITE_URL: "https://yarrashine.com.au/" }).allowedOrigins, ["https://yarrashine.com.au"]);
  const set = loadAdminServerConfig({
    ADMIN_PORT: "9001",
    ADMIN_ALLOWED_ORIGIN: "https://yarrashine.com.au, https://www.yarrashine.com.au/",
    WEB_ADMIN_DIST: "/srv/admin",
  });
  assert.equal(set.port, 9001);
  assert.equal(set.adminDist, "/srv/admin");
  assert.deepEqual(set.allowedOrigins, ["https://yarrashine.com.au", "https://www.yarrashine.com.au"]);
  for (const [env, message] of [
    [{ ADMIN_PORT: "0" }, /ADMIN_PORT/],
    [{ ADMIN_ALLOWED_ORIGIN: "*" }, /ADMIN_ALLOWED_ORIGIN: must be origins/],
    [{ ADMIN_ALLOWED_ORIGIN: "https://yarrashine.com.au/admin" }, /ADMIN_ALLOWED_ORIGIN: must be origins/],
    [{ ADMIN_ALLOWED_ORIGIN: "yarrashine.com.au" }, /ADMIN_ALLOWED_ORIGIN: must be origins/],
  ] as [Record<string, string>, RegExp][]) {
    assert.throws(() => loadAdminServerConfig(env), (e: Error) => e instanceof ConfigError && message.test(e.message), JSON.stringify(env));
  }
});

Deno.test("config: card payments (issue 30) need both Stripe keys, each of its kind", () => {
  const on = loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc", STRIPE_API_BASE: "http://127.0.0.1:12111" });
  assert.deepEqual([on.STRIPE_SECRET_KEY, on.STRIPE_WEBHOOK_SECRET, on.STRIPE_API_BASE], ["sk_test_abc", "whsec_abc", "http://127.0.0.1:12111"]);
  const off = loadConfig({ STRIPE_SECRET_KEY: " ", STRIPE_WEBHOOK_SECRET: "" });
  assert.deepEqual([off.STRIPE_SECRET_KEY, off.STRIPE_WEBHOOK_SECRET], [undefined, undefined]);
  for (const [env, message] of [
    [{ STRIPE_SECRET_KEY: "sk_test_abc" }, /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together/],
    [{ STRIPE_WEBHOOK_SECRET: "whsec_abc" }, /go together/],
    [{ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }, /STRIPE_SECRET_KEY: must be a Stripe secret key/],
    [{ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "abc" }, /STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/],
    [{ STRIPE_API_BASE: "ftp://x" }, /STRIPE_API_BASE/],
  ] as const) {
    assert.throws(() => loadConfig(env), (e: Error) => e instanceof ConfigError && message.test(e.message), JSON.stringify(env));
  }
});
