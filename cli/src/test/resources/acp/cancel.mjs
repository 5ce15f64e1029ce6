// A prompt whose model stream stalls after its first words: cancelled once they arrive, then a second prompt.
import { start, initializeParams, cwd, text, report } from "./client.mjs";

const client = start();
await client.connection.initialize(initializeParams);
const session = await client.connection.newSession({ cwd: cwd(), mcpServers: [] });
const stalled = client.connection.prompt({ sessionId: session.sessionId, prompt: text("take your time") });
await client.update((u) => u.sessionUpdate === "agent_message_chunk");
const cancelled = Date.now();
await client.connection.cancel({ sessionId: session.sessionId });
const first = await stalled;
const cancelMs = Date.now() - cancelled;
const second = await client.connection.prompt({ sessionId: session.sessionId, prompt: text("now answer") });
await report(client, { cancelMs, stopReasons: [first.stopReason, second.stopReason] });
