/**
 * On its first parse zod probes whether `new Function` works, and the site's CSP (no
 * 'unsafe-eval') reports that probe as a violation even though zod catches it. Pages whose code
 * validates with core's schemas import this first, so zod parses without generating code.
 */
import { config } from "zod";

config({ jitless: true });
