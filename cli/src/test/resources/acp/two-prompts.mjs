// initialize, a session in the client's directory, two prompts in it (the second a saved prompt), then stdin
// closed.
import { start, initializeParams, cwd, text, report } from "./client.mjs";

const client = start();
const initialized = await client.connection.initialize(initializeParams);
const session = await client.connection.newSession({ cwd: cwd(), mcpServers: [] });
const first = await client.connection.prompt({ sessionId: session.sessionId, prompt: text("say hello") });
const second = await client.connection.prompt({ sessionId: session.sessionId, prompt: text("/greet the editor") });
await client.update((u) => u.sessionUpdate === "available_commands_update");
await report(client, { initialized, session, stopReasons: [first.stopReason, second.stopReason] });
