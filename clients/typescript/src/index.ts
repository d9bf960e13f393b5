// The client is openapi-fetch typed by schema.d.ts, which `make clients` generates from
// openapi.json: every path, parameter, body and answer is checked by tsc, and there is no
// request code of our own. This file only fixes the base URL and the API key.
import createClient, { type Client, type ClientOptions, type Middleware } from "openapi-fetch";
import type { components, paths } from "./schema.js";

// openapi-fetch is bundled (build.mjs), not a dependency: its types a caller names come from here.
export type { ClientOptions, components, Middleware, paths };
/** What every error answer carries (application/problem+json). */
export type Problem = components["schemas"]["Problem"];
export type HooklineClient = Client<paths>;

export function hooklineClient(baseUrl: string, apiKey: string,
                               options: ClientOptions = {}): HooklineClient {
  return createClient<paths>({
    ...options,
    baseUrl,
    headers: { ...options.headers, Authorization: `Bearer ${apiKey}` },
  });
}
