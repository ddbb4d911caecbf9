/**
 * Creates an admin from the command line:
 *   npm run admin:create -- --email sam@example.com --name "Sam" [--role superadmin]
 * The password comes from ADMIN_PASSWORD or is asked for. Uses the same DATABASE_URL / DATA_DIR
 * as the server (stop an embedded server first: PGlite allows one process per data dir).
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { ConfigError, loadConfig } from "../config.ts";
import { MIGRATION_TIMEOUTS, openDatabase } from "../../adapters/postgres/db.ts";
import { migrate } from "../../adapters/postgres/migrate.ts";
import { makeAdminStore } from "../../adapters/postgres/admin-repository.ts";
import { argon2Hasher } from "../../adapters/security/password.ts";
import { commonPasswords } from "../../adapters/security/common-passwords.ts";
import { makeSettingsStore } from "../../adapters/postgres/settings-repository.ts";
import { domainOf, passwordProblem } from "../../core/admin/password-policy.ts";

const input = z.object({
  email: z.email("--email must be an e-mail address"),
  name: z.string().trim().min(1, "--name is required"),
  role: z.enum(["admin", "superadmin"], { error: "--role must be admin or superadmin" }),
  // Judged by the policy once the business's name can be read (below).
  password: z.string(),
});

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: Deno.args,
    options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
  });
  let config;
  try {
    config = loadConfig(Deno.env.toObject(), { serving: false });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const parsed = input.safeParse({
    email: values.email ?? prompt("E-mail:"),
    name: values.name ?? prompt("Name:"),
    role: values.role ?? "admin",
    password: Deno.env.get("ADMIN_PASSWORD") ?? prompt("Password (12+ characters):"),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(issue.message);
    return 1;
  }
  // It migrates first, so no request timeouts (a starting server may hold the migration lock).
  const db = await openDatabase({
    ...(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: `${config.DATA_DIR}/pglite` }),
    timeouts: MIGRATION_TIMEOUTS,
  });
  try {
    await migrate(db.sql);
    // The rules the staff screen applies, with the same context (the business, its site, the e-mail).
    const profile = await makeSettingsStore(db.sql).getBusinessProfile();
    const problem = await passwordProblem(parsed.data.password, commonPasswords, {
      businessNames: [profile?.brandName, profile?.legalName],
      domains: [domainOf(config.SITE_URL), domainOf(profile?.email), domainOf(profile?.notificationEmail)],
      emails: [parsed.data.email],
    });
    if (problem) {
      console.error(problem);
      return 1;
    }
    const admin = await makeAdminStore(db.sql).insert({
      name: parsed.data.name,
      email: parsed.data.email,
      role: parsed.data.role,
      passwordHash: await argon2Hasher.hash(parsed.data.password),
    });
    console.log(`Created ${admin.role} ${admin.email} (${admin._id}).`);
    return 0;
  } catch (error) {
    if ((error as { code?: string }).code === "23505") {
      console.error(`An admin with the e-mail ${parsed.data.email} already exists.`);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

Deno.exit(await main());
