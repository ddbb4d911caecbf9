/**
 * "zod" as the staff bundle sees it (vite.config.ts aliases it here): zod with `jitless` set
 * before any schema exists. zod probes `new Function` once, when it first builds or runs an object
 * schema, and the CSP (no 'unsafe-eval') reports that probe as a violation even though zod catches
 * it. Setting the option from a module of the app would be too late whenever the bundler puts zod
 * in one chunk with core's schemas, which are built as that chunk loads.
 */
import * as zod from "zod/v4";

zod.config({ jitless: true });

export * from "zod/v4";
export default zod.default;
