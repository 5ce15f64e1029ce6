// A command waits for permission; the editor cancels the turn instead of answering, then (as the protocol asks of
// a client) answers the open question with "cancelled". Then a second prompt.
import { start, initializeParams, cwd, text, report } from "./client.mjs";

let cancelTurn;
const cancelled = new Promise((resolve) => { cancelTurn = resolve; });
const client = start(async () => {
  cancelTurn();
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { outcome: { outcome: "cancelled" } };
});
await client.connection.initialize(initializeParams);
const session = await client.connection.newSession({ cwd: cwd(), mcpServers: [] });
const asking = client.connection.prompt({ sessionId: session.sessionId, prompt: text("make a file") });
await cancelled;
const started = Date.now();
await client.connection.cancel({ sessionId: session.sessionId });
const first = await asking;
const cancelMs = Date.now() - started;
const second = await client.connection.prompt({ sessionId: session.sessionId, prompt: text("then just answer") });
await report(client, { cancelMs, stopReasons: [first.stopReason, second.stopReason] });
