import { createRoute, defaultParseSearch, redirect, useNavigate, useRouter } from "@tanstack/react-router";
import { LoginForm } from "../features/auth/login-form.tsx";
import type { SessionUser } from "@yarra/api/client/types.ts";
import { isCleaner, MY_JOBS_PATH } from "../lib/cleaner-area.ts";
import { readSession, safeRedirect, splitHref } from "../lib/session.ts";
import { rootRoute } from "./root.tsx";

/**
 * Where staff land after logging in with no page to return to (issue 34): today's Schedule, the
 * page the office runs its day from. /admin itself stays Services (admin-area.md's route table).
 */
export const HOME_PATH = "/schedule";

/**
 * The remembered page as router navigation options (its href is inside the basepath); none is the
 * Schedule. A cleaner's login (issue 31) always goes to My jobs, their only screen.
 */
function returnTarget(redirectTo: string | undefined, user: Pick<SessionUser, "role"> | undefined) {
  if (user && isCleaner(user)) return { to: MY_JOBS_PATH, replace: true };
  const { pathname, search, hash } = splitHref(safeRedirect(redirectTo));
  return { to: pathname === "/" && !search ? HOME_PATH : pathname, search: defaultParseSearch(search), hash, replace: true };
}

interface LoginSearch {
  /** The staff-area path (inside the basepath) to return to after logging in. */
  redirect?: string;
}

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "login",
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === "string" ? { redirect: search.redirect } : {},
  // Someone already signed in (another tab, a bookmark) goes straight on.
  beforeLoad: ({ search }) => {
    const session = readSession();
    if (session) throw redirect(returnTarget(search.redirect, session.user));
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target } = loginRoute.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  // Each screen's code is a chunk of its own: the one to return to loads (with its data) while
  // the card still says it is logging in, so the whole staff area replaces it at once.
  const goOn = async () => {
    const to = returnTarget(target, readSession()?.user);
    await router.preloadRoute(to);
    await navigate(to);
  };
  return <LoginForm onLoggedIn={() => void goOn()} />;
}
