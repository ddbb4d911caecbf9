import type { RemoteConfig } from "virtual:__federation__";

/** Stands in for the federation plugin's runtime in tests (no federation plugin there): records the remotes set. */
export const remotesSet: [string, RemoteConfig][] = [];

export function __federation_method_setRemote(name: string, config: RemoteConfig) {
  remotesSet.push([name, config]);
}
