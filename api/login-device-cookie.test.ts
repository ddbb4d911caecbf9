/**
 * Issue 29, item 4: OWASP's device cookie lets the office in during a distributed login flood.
 * The flood fills the real password pool, whose worker (a stand-in for the thread) answers only
 * when the test says, so "the queue is full" is a fact of the test, not a race against argon2.
 */
import assert from "node:assert/strict";
import { buildApp } from "./app.ts";
import { makeAppDeps } from "./app-deps.ts";
import { makeMailer } from "./mailer.ts";
import { awayFromWindowEdge, TEST_JWT_SECRET, TEST_LIMITS } from "./test-app.ts";
import { post } from "./test-fixtures.ts";
import { DEVICE_COOKIE } from "./routes/auth.ts";
import { describeOnTargets } from "../adapters/postgres/test-db.ts";
import { seedDemoData } from "../adapters/postgres/seed.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { makeAdminStore } from "../adapters/postgres/admin-repository.ts";
import { argon2Hasher } from "../adapters/security/password.ts";
import { makePasswordPool, type PasswordWorker } from "../adapters/security/password-pool.ts";
import type { PasswordJob } from "../adapters/security/password-worker.ts";
import { LOGIN_LIMITS } from "../core/admin/login.ts";

const PASSWORD = "correct horse battery";
const SHARED_QUEUE = 8;
const FLOOD_ADDRESSES = 100;

/** Password workers that run argon2id in this thread, at once or, while held, when told. */
function heldWorkers() {
  const waiting: { worker: PasswordWorker; job: PasswordJob }[] = [];
  let holding = false;
  const answer = async ({ worker, job }: { worker: PasswordWorker; job: PasswordJob }) => {
    const value = job.op === "hash" ? await argon2Hasher.hash(job.password) : await argon2Hasher.verify(job.hash, job.password);
    worker.onmessage?.(new MessageEvent("message", { data: { id: job.id, ok: true, value } }));
  };
  return {
    spawn(): PasswordWorker {
      const worker: PasswordWorker = {
        onmessage: null,
        onerror: null,
        postMessage: (job) => holding ? waiting.push({ worker, job }) : answer({ worker, job }),
        terminate: () => {},
      };
      return worker;
    },
    hold() {
      holding = true;
    },
    /** The job a worker is on now (the pool hands it the next one as soon as it is answered). */
    current: () => waiting[0]?.job,
    async answerCurrent() {
      await answer(waiting.shift()!);
    },
    async letGo() {
      holding = false;
      while (waiting.length > 0) await answer(waiting.shift()!);
    },
  };
}

/** Waits for a condition of the test's own making (no time limit: the test runner's applies). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** The device cookie a response sets: its value and attributes. */
function deviceCookieOf(res: Response) {
  const line = res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split(";").map((part) => part.trim());
  return { value: decodeURIComponent(pair.slice(DEVICE_COOKIE.length + 1)), attributes };
}

describeOnTargets("device cookies: the office logs in during a login flood", async (t, db) => {
  await seedDemoData(db.sql);
  const workers = heldWorkers();
  // One worker, as on a two-core machine; the shared queue small so 100 addresses overfill it.
  const pool = makePasswordPool({ workers: 1, maxQueue: SHARED_QUEUE, spawnWorker: workers.spawn });
  const delays: number[] = [];
  const app = buildApp({
    ...makeAppDeps(db.sql, {
      mailer: makeMailer(makeSettingsStore(db.sql)),
      jwtSecret: TEST_JWT_SECRET,
      tokenTtlHours: 12,
      sleep: (ms) => {
        delays.push(ms);
        return Promise.resolve();
      },
      hasher: pool,
      trustedHasher: pool.trusted,
    }),
    limits: TEST_LIMITS,
    trustProxy: 1,
  });
  const sam = await makeAdminStore(db.sql).insert({
    name: "Sam",
    email: "sam@yarrashine.com.au",
    role: "superadmin",
    passwordHash: await argon2Hasher.hash(PASSWORD),
  });
  const login = (password: string, address: string, deviceCookie?: string, email = sam.email) =>
    app.request(post("/api/auth/login", { email, password }, {
      "x-forwarded-for": address,
      ...(deviceCookie ? { cookie: `${DEVICE_COOKIE}=${deviceCookie}` } : {}),
    }));
  /** The office's browser: logs in from its own address, keeping the device cookie it is given. */
  const browser = { address: "198.51.100.10", cookie: "" };

  let floods = 0;
  /**
   * 100 addresses send one bad login each: the one worker and the shared queue fill and hold,
   * every other is 503. `during` runs while they hold; then the flood's checks finish as 401.
   */
  const duringFlood = async (during: () => Promise<void>) => {
    const flood = ++floods;
    workers.hold();
    const statuses: number[] = [];
    const answers = Array.from({ length: FLOOD_ADDRESSES }, async (_, i) => {
      const res = await login(`wrong-guess-${i}`, `10.${flood}.${i >> 8}.${i & 255}`);
      await res.body?.cancel();
      statuses.push(res.status);
    });
    const held = 1 + SHARED_QUEUE;
    await until(() => statuses.length === FLOOD_ADDRESSES - held && pool.load() === held);
    assert.deepEqual(statuses, Array(FLOOD_ADDRESSES - held).fill(503), "the rest of the flood: queue full");
    await during();
    await workers.letGo();
    await Promise.all(answers);
    assert.equal(statuses.filter((status) => status === 401).length, held, "the held ones were checked, and failed");
  };

  /** The right password from a browser with this cookie, during a flood: 200 with the next cookie. */
  const trustedLoginDuringFlood = async (cookie: string) => {
    const before = pool.load();
    const pending = login(PASSWORD, browser.address, cookie);
    await until(() => pool.load() === before + 1);
    // The worker finishes the flood's check it is on, then takes the browser's before the queue.
    await workers.answerCurrent();
    assert.equal(workers.current()?.password, PASSWORD, "the trusted check jumps the flood's queue");
    await workers.answerCurrent();
    const res = await pending;
    assert.equal(res.status, 200);
    assert.equal(pool.load(), before - 1, "the flood's other checks are all still waiting");
    const next = deviceCookieOf(res);
    await res.body?.cancel();
    assert.ok(next && next.value !== cookie, "a new device cookie replaces the one it came with");
    return next.value;
  };

  /** The right password during a flood from a browser with this cookie (if any): today's 503. */
  const busyDuringFlood = async (address: string, cookie?: string, name = "no device cookie") => {
    const res = await login(PASSWORD, address, cookie);
    assert.equal(res.status, 503, name);
    assert.equal(res.headers.get("retry-after"), String(LOGIN_LIMITS.busyRetryAfterSeconds), name);
    assert.equal((await res.json()).code, "SERVICE_BUSY", name);
  };

  await t.step("a login sets an httpOnly, SameSite=Strict device cookie for 180 days, sent only to the login route", async () => {
    const res = await login(PASSWORD, browser.address);
    assert.equal(res.status, 200);
    await res.body?.cancel();
    const cookie = deviceCookieOf(res)!;
    for (const attribute of ["HttpOnly", "SameSite=Strict", "Path=/api/auth/login"]) {
      assert.ok(cookie.attributes.includes(attribute), attribute);
    }
    assert.ok(!cookie.attributes.includes("Secure"), "plain http: not Secure");
    const expires = new Date(cookie.attributes.find((a) => a.startsWith("Expires="))!.slice("Expires=".length));
    const days = (expires.getTime() - Date.now()) / 86_400_000;
    assert.ok(days > 179 && days <= 180, `expires in ${days.toFixed(2)} days`);
    browser.cookie = cookie.value;
    const https = await app.request(
      post("/api/auth/login", { email: sam.email, password: PASSWORD }, { "x-forwarded-for": "198.51.100.11", "x-forwarded-proto": "https" }),
    );
    await https.body?.cancel();
    assert.ok(deviceCookieOf(https)!.attributes.includes("Secure"), "served over https: Secure");
  });

  await t.step("during a 100-address flood: the right password alone is 503, with the browser's device cookie 200", async () => {
    const otherAccount = await makeAdminStore(db.sql).insert({
      name: "Kim",
      email: "kim@yarrashine.com.au",
      role: "admin",
      passwordHash: await argon2Hasher.hash(PASSWORD),
    });
    const kimsRes = await login(PASSWORD, "198.51.100.13", undefined, otherAccount.email);
    const kimsCookie = deviceCookieOf(kimsRes)!.value;
    await kimsRes.body?.cancel();
    const [h, p, s] = browser.cookie.split(".");
    await duringFlood(async () => {
      await busyDuringFlood("198.51.100.20");
      await busyDuringFlood("198.51.100.21", kimsCookie, "a device cookie for another e-mail");
      await busyDuringFlood("198.51.100.22", `${h}.${p}.${s.slice(0, -2)}AA`, "a tampered device cookie");
      await busyDuringFlood("198.51.100.23", `${h}.${p.slice(0, -2)}AA.${s}`, "a device cookie with a tampered payload");
      browser.cookie = await trustedLoginDuringFlood(browser.cookie);
    });
  });

  await t.step("the e-mail's failures slow strangers, not the trusted browser; its own failures slow nobody", async () => {
    await awayFromWindowEdge(15 * 60, 60);
    await db.sql`delete from rate_limit_counters`;
    for (let i = 0; i < LOGIN_LIMITS.slowAfter; i++) await (await login("wrong", `192.0.2.${i + 1}`)).body?.cancel();
    delays.length = 0;
    for (let i = 0; i < 3; i++) {
      const res = await login("wrong", browser.address, browser.cookie);
      assert.equal(res.status, 401);
      await res.body?.cancel();
    }
    const trusted = await login(PASSWORD, browser.address, browser.cookie);
    assert.equal(trusted.status, 200);
    browser.cookie = deviceCookieOf(trusted)!.value;
    await trusted.body?.cancel();
    assert.deepEqual(delays, [], "the trusted browser waits for nothing");
    const stranger = await login(PASSWORD, "192.0.2.50");
    assert.equal(stranger.status, 200);
    await stranger.body?.cancel();
    assert.deepEqual(delays, [LOGIN_LIMITS.delayStepMs], "slowed by the strangers' 3 failures, not by the browser's");
  });

  await t.step("the cookie a browser came with is replaced: a copy of the old one is trusted no more", async () => {
    const first = browser.cookie;
    const res = await login(PASSWORD, browser.address, first);
    assert.equal(res.status, 200);
    browser.cookie = deviceCookieOf(res)!.value;
    await res.body?.cancel();
    await duringFlood(async () => {
      await busyDuringFlood("198.51.100.30", first, "the replaced cookie");
      browser.cookie = await trustedLoginDuringFlood(browser.cookie);
    });
  });

  await t.step(`a device cookie has ${LOGIN_LIMITS.perDevice} attempts, then waits with everyone else for good`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.perDevice; i++) {
      const res = await login("wrong", browser.address, browser.cookie);
      assert.equal(res.status, 401, `attempt ${i + 1}`);
      await res.body?.cancel();
    }
    const usedUp = browser.cookie;
    await duringFlood(async () => {
      await busyDuringFlood(browser.address, usedUp, "the used-up cookie");
    });
    // Outside a flood it logs in as a stranger would, and gets a new cookie that is trusted again.
    const res = await login(PASSWORD, browser.address, usedUp);
    assert.equal(res.status, 200);
    browser.cookie = deviceCookieOf(res)!.value;
    await res.body?.cancel();
    await duringFlood(async () => {
      await busyDuringFlood(browser.address, usedUp, "still the used-up cookie");
      browser.cookie = await trustedLoginDuringFlood(browser.cookie);
    });
  });

  pool.close();
});
