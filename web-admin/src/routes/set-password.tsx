import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { rootRoute } from "./root.tsx";

// Its own chunk: only an invite's link opens it.
const SetPasswordPage = lazyRouteComponent(() => import("../features/my-jobs/set-password-page.tsx"), "SetPasswordPage");

/**
 * Issue 31: /admin/set-password/<token>, the page a cleaner's invite links to. Public, like the
 * login: the link is what lets them in (the server sends it with no-referrer and no-store).
 */
export const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "set-password/$token",
  loader: () => SetPasswordPage.preload?.(),
  component: function SetPasswordRoute() {
    const { token } = setPasswordRoute.useParams();
    return <SetPasswordPage token={token} />;
  },
});
