import type { ComponentType, ReactElement } from "react";
import { MessagePage } from "../ui/message-page.tsx";
import { readSession } from "./session.ts";

/** A screen only superadmins may open (admin-area.md section 6); admins see 'Forbidden'. */
export function superadminOnly(Screen: ComponentType): () => ReactElement {
  function SuperadminScreen() {
    if (readSession()?.user.role !== "superadmin") {
      return (
        <MessagePage title="Forbidden">
          <p>This page is for superadmins only.</p>
        </MessagePage>
      );
    }
    return <Screen />;
  }
  SuperadminScreen.displayName = `SuperadminOnly(${Screen.displayName ?? Screen.name})`;
  return SuperadminScreen;
}
