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
