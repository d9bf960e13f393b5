// A Svix user's everyday flow with Svix's own JavaScript SDK (svix 2.5.0, unchanged),
// against Hookline's /api/v1: run by tests/test_svix_js.py with SVIX_SERVER_URL and
// SVIX_TOKEN. It receives on a loopback server of its own and verifies each request with
// the SDK's Webhook. Each step prints one line; any failure exits non-zero, naming it.
import http from "node:http";
import { ApiException, Svix, Webhook } from "svix";

const serverUrl = process.env.SVIX_SERVER_URL;
const token = `${process.env.SVIX_TOKEN}.eu`; // Svix's region suffix, taken as it is
const svix = new Svix(token, { serverUrl });
const received = [];

function check(condition, what, found) {
  if (!condition) {
    throw new Error(`${what}: ${JSON.stringify(found)}`);
  }
  console.log(`ok ${what}`);
}

async function refused(call, status, what) {
  try {
    await call();
  } catch (error) {
    check(error instanceof ApiException && error.code === status, what,
      { name: error.constructor.name, code: error.code, body: error.body });
    return error;
  }
  throw new Error(`${what}: not refused`);
}

async function until(condition, what, seconds = 30) {
  const deadline = Date.now() + seconds * 1000;
  while (!condition()) {
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${seconds} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const receiver = http.createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
    response.end("ok");
  });
});
await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const hookUrl = `http://127.0.0.1:${receiver.address().port}/hook`;

try {
  const app = await svix.application.create({ name: "Acme JS", uid: "acme-js" });
  check(app.uid === "acme-js", "application created", app);
  await svix.eventType.create({ name: "js.signup", description: "A user signed up" });
  const endpoint = await svix.endpoint.create(app.id, { url: hookUrl,
    eventTypes: ["js.signup"] });
  const secret = (await svix.endpoint.getSecret(app.id, endpoint.id)).key;
  check(secret.startsWith("whsec_"), "secret read", secret);

  const first = await svix.message.create(app.id, { eventType: "js.signup",
    payload: { email: "ada@example.com" }, eventId: "js-1" });
  await refused(() => svix.message.create(app.id, { eventType: "js.signup",
    payload: { email: "ada@example.com" }, eventId: "js-1" }), 409, "same eventId refused");
  const second = await svix.message.create(app.id, { eventType: "js.signup",
    payload: { email: "bob@example.com" } });
  await until(() => received.length >= 2, "two deliveries");
  const wh = new Webhook(secret);
  for (const request of received) {
    wh.verify(request.body, request.headers);
  }
  const ids = new Set(received.map((r) => r.headers["svix-id"]));
  check(ids.size === 2 && ids.has(first.id) && ids.has(second.id), "verified, once each",
    [...ids]);
  check(JSON.parse(received.find((r) => r.headers["svix-id"] === first.id).body).email ===
    "ada@example.com", "the payload as sent", received[0].body);

  // An attempt is recorded once its answer is in: ask until both are.
  let byEndpoint = { data: [] };
  const deadline = Date.now() + 30000;
  while (byEndpoint.data.length < 2 && Date.now() < deadline) {
    byEndpoint = await svix.messageAttempt.listByEndpoint(app.id, endpoint.id);
  }
  check(byEndpoint.data.length === 2, "attempts by endpoint", byEndpoint.data);
  const byMsg = await svix.messageAttempt.listByMsg(app.id, first.id);
  check(byMsg.data.length === 1 && byMsg.data[0].endpointId === endpoint.id &&
    byMsg.data[0].status === 0, "attempts by message", byMsg.data);

  await svix.endpoint.rotateSecret(app.id, endpoint.id, {});
  const rotated = (await svix.endpoint.getSecret(app.id, endpoint.id)).key;
  check(rotated !== secret, "secret rotated", rotated);
  const recovery = await svix.endpoint.recover(app.id, endpoint.id,
    { since: new Date(Date.now() - 3600 * 1000) });
  check(recovery.status === "running", "recover started", recovery);

  const access = await svix.authentication.appPortalAccess(app.id, {});
  // The link sets the portal's session cookie and redirects into the portal.
  const opened = await fetch(access.url, { redirect: "manual" });
  const cookie = (opened.headers.get("set-cookie") || "").split(";")[0];
  const portal = await fetch(new URL("/portal/endpoints", access.url), {
    headers: { cookie } });
  check(opened.status === 303 && portal.status === 200 &&
    (await portal.text()).includes("Acme JS"), "portal opens", [opened.status, portal.status]);

  const page = await svix.message.list(app.id, { limit: 1 });
  check(page.data.length === 1 && !page.done && page.data[0].id === second.id,
    "first page", page);
  const next = await svix.message.list(app.id, { limit: 1, iterator: page.iterator });
  check(next.data.length === 1 && next.data[0].id === first.id, "second page", next);

  await refused(() => svix.application.get("nobody"), 404, "404 as ApiException");
  await refused(() => svix.eventType.create({ name: "has space", description: "x" }), 422,
    "422 as ApiException");
  console.log("flow done");
} finally {
  receiver.close();
}
