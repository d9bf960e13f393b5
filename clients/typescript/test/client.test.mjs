// Drives a real `hookline api` through the built client (tests/test_clients.py starts it and
// passes HOOKLINE_API_URL, HOOKLINE_API_KEY and HOOKLINE_RECEIVER_URL): a consumer, an event
// type and an endpoint; a publish; its Deliveries; and a 409 and a 422 read as typed problems.
import assert from "node:assert/strict";
import { test } from "node:test";

import { hooklineClient } from "../dist/index.js";

const env = (name) => {
  const value = process.env[name];
  assert.ok(value, `${name} is not set`);
  return value;
};
const client = hooklineClient(env("HOOKLINE_API_URL"), env("HOOKLINE_API_KEY"));

test("publish to an endpoint and read its Deliveries", async () => {
  const consumer = await client.POST("/v1/consumers", {
    body: { externalId: "acme-ts", name: "Acme (TypeScript)" },
  });
  assert.equal(consumer.response.status, 201, JSON.stringify(consumer.error));
  assert.equal(consumer.data.externalId, "acme-ts");

  const type = await client.POST("/v1/event-types", { body: { name: "invoice.paid" } });
  assert.equal(type.response.status, 201, JSON.stringify(type.error));

  const endpoint = await client.POST("/v1/endpoints", {
    body: { consumer: "acme-ts", url: env("HOOKLINE_RECEIVER_URL"), events: ["invoice.paid"] },
  });
  assert.equal(endpoint.response.status, 201, JSON.stringify(endpoint.error));
  assert.match(endpoint.data.secret, /^whsec_/);

  const published = await client.POST("/v1/events", {
    body: { type: "invoice.paid", consumer: "acme-ts", data: { invoice: "in_1" } },
    params: { header: { "Idempotency-Key": "in_1-paid" } },
  });
  assert.equal(published.response.status, 201, JSON.stringify(published.error));
  const again = await client.POST("/v1/events", {
    body: { type: "invoice.paid", consumer: "acme-ts", data: { invoice: "in_1" } },
    params: { header: { "Idempotency-Key": "in_1-paid" } },
  });
  assert.equal(again.data.id, published.data.id);

  const deliveries = await client.GET("/v1/events/{event_id}/deliveries", {
    params: { path: { event_id: published.data.id } },
  });
  assert.equal(deliveries.response.status, 200, JSON.stringify(deliveries.error));
  assert.equal(deliveries.data.items.length, 1);
  assert.equal(deliveries.data.items[0].endpointId, endpoint.data.id);
});

test("errors are typed problems", async () => {
  const conflict = await client.POST("/v1/consumers", {
    body: { externalId: "acme-ts", name: "Again" },
  });
  assert.equal(conflict.data, undefined);
  assert.equal(conflict.error.status, 409);
  assert.equal(conflict.error.title, "Conflict");
  assert.ok(conflict.error.type && conflict.error.detail);

  const invalid = await client.POST("/v1/event-types", { body: { name: "not a valid name!" } });
  assert.equal(invalid.error.status, 422);
  assert.ok(invalid.error.type && invalid.error.title && invalid.error.detail);
});
