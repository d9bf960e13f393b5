// The client is openapi-fetch typed by schema.d.ts, which `make clients` generates from
// openapi.json: every path, parameter, body and answer is checked by tsc, and there is no
// request code of our own. This file only fixes the base URL and the API key.
import createClient from "openapi-fetch";
export function hooklineClient(baseUrl, apiKey, options = {}) {
    return createClient({
        ...options,
        baseUrl,
        headers: { ...options.headers, Authorization: `Bearer ${apiKey}` },
    });
}
