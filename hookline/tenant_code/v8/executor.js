// `node hookline/tenant_code/v8/executor.js TIMEOUT MAX_MEMORY`: one V8 executor, a process of its own
// (hookline/tenant_code/transform_pool.py starts and replaces them).
//
// Each target's handler runs in a V8 isolate of its own (isolated-vm), made from its source
// and kept while the source stays the same: an isolate has its own heap, bounded by
// MAX_MEMORY, and nothing but ECMAScript (no require, process, timers, network or files),
// so one target's code sees nothing of another's and a memory bomb takes only its own
// isolate down. Calls are synchronous, one at a time: the pool gives an executor one call.
//
// The protocol on stdin and stdout: a 4-byte big-endian length, then a JSON object.
// - request `{"target": id, "source": js, "webhook": json text, "timeout": seconds}` ->
//   `{"ok": json text}` or `{"failed": message, "exhausted": bool, "timeout": bool}`
//   (exhausted: the call ran out of time or memory; timeout: of time);
// - request `{"check": js, "timeout": seconds}` -> `{"ok": "true"}` when the source loads
//   and defines `handler`, `{"ok": "false"}` when it loads without, or `{"failed": ...}`;
// - the first message, before any request, is `{"ready": true}`;
// - every answer carries `cpu` (seconds of this call) and `recycle` (this process's memory
//   is past its bound: the pool replaces it after this answer).
"use strict";

const fs = require("fs");
const ivm = require("isolated-vm");

const TIMEOUT = Number(process.argv[2]); // seconds per call at most
const MAX_MEMORY = Number(process.argv[3]); // bytes of heap per isolate
const MAX_RSS = 512 * 2 ** 20; // bytes: past this, the pool replaces the process
const ISOLATES = 64; // targets' isolates kept, the least recently used disposed first
// The entry point, run in the isolate: the result goes back as JSON text, so `undefined` or a
// value JSON cannot carry is the transformation's error rather than the bridge's.
const RUN = `(function (text) {
  const result = handler(JSON.parse(text));
  if (result === null || typeof result !== "object" || Array.isArray(result)) {
    throw new TypeError("handler must return the webhook object, not " +
                        (Array.isArray(result) ? "an array" : String(result)));
  }
  return JSON.stringify(result);
})`;

class Failed extends Error {
  constructor(message, exhausted = false, timedOut = false) {
    super(message);
    this.exhausted = exhausted;
    this.timedOut = timedOut;
  }
}

// isolated-vm takes whole milliseconds, at least one (0 would be no limit at all).
function millis(seconds) {
  return Math.max(1, Math.round(seconds * 1000));
}

// Blocks this thread (the executor has nothing else to do) for a few milliseconds.
const NAP = new Int32Array(new SharedArrayBuffer(4));
function nap() {
  Atomics.wait(NAP, 0, 0, 5);
}

// What went wrong, in JavaScript's words, without isolated-vm's source position suffix.
// `compiling`: a SyntaxError then means the source does not parse (at run time, it is the
// handler's own, from JSON.parse say).
function failure(error, isolate, doing, timeout, compiling = false) {
  const message = String(error && error.message !== undefined ? error.message : error);
  if (isolate.isDisposed || /memory limit/.test(message)) {
    return new Failed(`ran past its memory limit (${Math.floor(MAX_MEMORY / 2 ** 20)} MB) ${doing}`,
                      true);
  }
  if (message === "Script execution timed out.") {
    return new Failed(`ran past its time limit (${timeout} s) ${doing}`, true, true);
  }
  const name = error && error.name ? `${error.name}: ` : "";
  const said = (name + message).replace(/ \[[^\]]*:\d+:\d+\]$/, "").split("\n")[0];
  if (compiling && error && error.name === "SyntaxError") {
    return new Failed(`does not parse: ${said}`.slice(0, 500));
  }
  return new Failed(`threw ${doing}: ${said}`.slice(0, 500));
}

// A target's isolate: its source loaded, and the entry point ready to apply.
class Handler {
  constructor(source, timeout) {
    this.isolate = new ivm.Isolate({ memoryLimit: Math.max(8, MAX_MEMORY / 2 ** 20) });
    try {
      const context = this.isolate.createContextSync();
      const script = this.guarded(() => this.isolate.compileScriptSync(
        source, { filename: "handler.js" }), "loading it", timeout, true);
      this.guarded(() => script.runSync(context, { timeout: millis(timeout) }), "loading it",
                   timeout);
      // A getter named `handler` is code too: it runs within the limit.
      this.defined = this.guarded(() => context.evalSync(
        "typeof handler", { timeout: millis(timeout) }), "loading it", timeout) === "function";
      this.run = this.guarded(() => this.isolate.compileScriptSync(RUN).runSync(
        context, { reference: true, timeout: millis(timeout) }), "loading it", timeout);
    } catch (error) {
      this.dispose();
      throw error;
    }
  }

  guarded(call, doing, timeout, compiling = false) {
    try {
      return call();
    } catch (error) {
      throw failure(error, this.isolate, doing, timeout, compiling);
    }
  }

  // The handler's result, as JSON text, within `left` seconds of the call's `timeout`.
  call(webhook, timeout, left) {
    const result = this.guarded(() => this.run.applySync(undefined, [webhook],
                                                         { timeout: millis(left) }),
                                "running the handler", timeout);
    if (typeof result !== "string") {  // a toJSON or a JSON.stringify of its own said so
      throw new Failed("handler must return the webhook object, not something JSON drops");
    }
    return result;
  }

  dispose() {
    if (!this.isolate.isDisposed) this.isolate.dispose();
  }
}

const handlers = new Map(); // target + source -> Handler, in least recently used order

function handlerOf(target, source, timeout) {
  const key = `${target}\0${source}`;
  let found = handlers.get(key);
  if (found === undefined) {
    found = new Handler(source, timeout);
    while (handlers.size >= ISOLATES) {
      const [oldest, handler] = handlers.entries().next().value;
      handlers.delete(oldest);
      handler.dispose();
    }
  } else {
    handlers.delete(key);
  }
  handlers.set(key, found);
  return [key, found];
}

function answer(request) {
  const timeout = Math.min(Number(request.timeout) || TIMEOUT, TIMEOUT);
  const started = Date.now();
  if (request.check !== undefined) {
    const handler = new Handler(request.check, timeout);
    handler.dispose();
    return { ok: String(handler.defined) };
  }
  const [key, handler] = handlerOf(request.target, request.source, timeout);
  if (!handler.defined) {
    handlers.delete(key);
    handler.dispose();
    throw new Failed("must define `function handler(webhook)`");
  }
  // Loading and the call share one limit: the pool waits that long (and a grace), no more.
  const left = timeout - (Date.now() - started) / 1000;
  try {
    if (left <= 0) {
      throw new Failed(`ran past its time limit (${timeout} s) loading it`, true, true);
    }
    return { ok: handler.call(request.webhook, timeout, left) };
  } catch (error) {
    handlers.delete(key); // out of time or memory, or half-run: afresh next time
    handler.dispose();
    throw error;
  }
}

function readFully(size) {
  const buffer = Buffer.alloc(size);
  let read = 0;
  while (read < size) {
    let got;
    try {
      got = fs.readSync(0, buffer, read, size - read, null);
    } catch (error) {
      if (error.code === "EAGAIN") {
        nap();
        continue;
      }
      if (error.code === "EOF") return null;
      throw error;
    }
    if (got === 0) return null;
    read += got;
  }
  return buffer;
}

function write(message) {
  const body = Buffer.from(JSON.stringify(message));
  const header = Buffer.alloc(4);
  header.writeUInt32BE(body.length);
  const whole = Buffer.concat([header, body]);
  let written = 0;
  while (written < whole.length) {
    try {
      written += fs.writeSync(1, whole, written);
    } catch (error) {
      if (error.code !== "EAGAIN") throw error;
      nap();
    }
  }
}

function main() {
  new Handler("function handler(w) { return w; }", TIMEOUT).dispose(); // V8 warm: no start-up in a call
  write({ ready: true });
  for (;;) {
    const header = readFully(4);
    if (header === null) return;
    const body = readFully(header.readUInt32BE(0));
    if (body === null) return;
    const started = process.cpuUsage();
    let found;
    try {
      found = answer(JSON.parse(body.toString()));
    } catch (error) {
      const failed = error instanceof Failed ? error : new Failed(String(error));
      found = { failed: failed.message, exhausted: failed.exhausted, timeout: failed.timedOut };
    }
    const spent = process.cpuUsage(started);
    found.cpu = (spent.user + spent.system) / 1e6;
    found.recycle = process.memoryUsage.rss() > MAX_RSS;
    write(found);
  }
}

main();
