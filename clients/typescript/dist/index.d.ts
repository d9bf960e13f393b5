import { type Client, type ClientOptions } from "openapi-fetch";
import type { components, paths } from "./schema.js";
export type { components, paths };
/** What every error answer carries (application/problem+json). */
export type Problem = components["schemas"]["Problem"];
export type HooklineClient = Client<paths>;
export declare function hooklineClient(baseUrl: string, apiKey: string, options?: ClientOptions): HooklineClient;
