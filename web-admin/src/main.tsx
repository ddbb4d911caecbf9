import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AdminApp } from "./admin-app.tsx";
import "./styles/standalone.css";

// Standalone preview of the remote (vite preview): served under its own base, /admin-app/.
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AdminApp basepath={import.meta.env.BASE_URL} />
  </StrictMode>,
);
