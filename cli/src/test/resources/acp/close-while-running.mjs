// The editor goes away (closes moka's stdin) while a turn streams.
import { start, initializeParams, cwd, text, report } from "./client.mjs";

const client = start();
await client.connection.initialize(initializeParams);
const session = await client.connection.newSession({ cwd: cwd(), mcpServers: [] });
const running = client.connection.prompt({ sessionId: session.sessionId, prompt: text("take your time") });
running.catch(() => {});
await client.update((u) => u.sessionUpdate === "agent_message_chunk");
await report(client, { session });
