/**
 * Building blocks of the staff screens' URL search params (validated by each route's
 * `validateSearch`). Every param is optional and a value that does not fit is dropped, so a mangled
 * or old link still opens the screen; defaults are applied by the screen, keeping URLs short.
 */
import { z } from "zod";

const optionalParam = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** Free text; the router reads `?q=123` as a number, so numbers are taken back as text. */
export const textParam = optionalParam(z.union([z.string(), z.number()]).transform(String));

/** The router reads `true` and `false` as booleans. */
export const flagParam = optionalParam(z.boolean());

export const pageParam = optionalParam(z.number().int().min(1));

export const dayParam = optionalParam(z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

export const enumParam = <const T extends readonly [string, ...string[]]>(values: T) => optionalParam(z.enum(values));

/** Page 1 is the default and stays out of the URL. */
export const pageInUrl = (page: number) => (page > 1 ? page : undefined);
