// What every scenario shares: `moka acp` started as an editor starts it (the command in MOKA_ACP_COMMAND, run in
// MOKA_ACP_PROCESS_CWD), driven by the ACP SDK's own ClientSideConnection, with everything it said kept: the
// session updates, the permission requests, every raw line of its stdout, its stderr and how it exited. A scenario
// ends by printing one JSON document with what it saw; the JUnit test reads it.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Readable, Writable } from "node:stream";

const sdk = join(process.env.MOKA_TEST_ACP_DIR, "node_modules/@agentclientprotocol/sdk/dist/acp.js");
export const acp = await import(pathToFileURL(sdk).href);

/**
 * Starts moka acp; `answer(params)` answers each permission request, and `fill(params)`, when given, each form
 * (elicitation/create) an MCP server sends through Moka.
 */
export function start(answer = () => ({ outcome: { outcome: "cancelled" } }), fill = null) {
  const [command, ...args] = JSON.parse(process.env.MOKA_ACP_COMMAND);
  const child = spawn(command, args, { cwd: process.env.MOKA_ACP_PROCESS_CWD, stdio: ["pipe", "pipe", "pipe"] });
  const seen = { updates: [], permissions: [], forms: [], stdout: "", stderr: "" };
  child.stdout.on("data", (chunk) => { seen.stdout += chunk.toString(); });
  child.stderr.on("data", (chunk) => { seen.stderr += chunk.toString(); });
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const listeners = [];
  const client = {
    async requestPermission(params) {
      seen.permissions.push(params);
      return answer(params);
    },
    ...(fill && {
      async createElicitation(params) {
        seen.forms.push(params);
        return fill(params);
      },
    }),
    async sessionUpdate(params) {
      seen.updates.push(params);
      listeners.forEach((listener) => listener(params));
    },
  };
  const stream = acp.ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout));
  const connection = new acp.ClientSideConnection(() => client, stream);
  /** Resolves with the first update for which `test` holds. */
  const update = (test) => new Promise((resolve) => {
    const found = seen.updates.find((u) => test(u.update));
    if (found) { resolve(found); return; }
    listeners.push((u) => { if (test(u.update)) resolve(u); });
  });
  /** Closes moka's stdin and waits (at most 30 s) for it to exit; how long that took is kept. */
  const finish = async () => {
    const closed = Date.now();
    child.stdin.end();
    const timeout = new Promise((resolve) => setTimeout(() => resolve({ code: null, signal: "timeout" }), 30000));
    const exit = await Promise.race([exited, timeout]);
    if (exit.signal === "timeout") child.kill("SIGKILL");
    return { ...exit, exitMs: Date.now() - closed };
  };
  return { connection, seen, update, finish };
}

export const initializeParams = {
  protocolVersion: acp.PROTOCOL_VERSION,
  clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
  clientInfo: { name: "moka-test-editor", title: "Moka's test editor", version: "1.0.0" },
};

export const cwd = () => process.env.MOKA_ACP_SESSION_CWD;

export const text = (value) => [{ type: "text", text: value }];

/** Prints what the scenario saw, after moka exited, and ends the script. */
export async function report(client, results) {
  const exit = await client.finish();
  process.stdout.write(JSON.stringify({ ...results, exit, ...client.seen }) + "\n");
  process.exit(0);
}
