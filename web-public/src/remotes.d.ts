// The admin remote's exposed module (web-admin/src/admin-app.tsx), loaded through federation.
declare module "admin/AdminApp" {
  import type { RouterHistory } from "@tanstack/react-router";
  import type { ComponentType } from "react";

  export interface AdminAppProps {
    history?: RouterHistory;
    basepath?: string;
  }
  export const AdminApp: ComponentType<AdminAppProps>;
  const DefaultAdminApp: ComponentType<AdminAppProps>;
  export default DefaultAdminApp;
}

// The federation plugin's runtime (@originjs/vite-plugin-federation): its dynamic-remote API.
declare module "virtual:__federation__" {
  export interface RemoteConfig {
    /** The remote's entry file. */
    url: string | (() => Promise<string>);
    format: "esm" | "systemjs" | "var";
    from: "vite" | "webpack";
  }
  export function __federation_method_setRemote(name: string, config: RemoteConfig): void;
}
