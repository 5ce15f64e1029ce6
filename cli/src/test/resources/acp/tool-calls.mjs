// A turn whose model plans, patches a file and runs a command: what the editor is shown of each.
import { start, initializeParams, cwd, text, report } from "./client.mjs";

const client = start();
await client.connection.initialize(initializeParams);
const session = await client.connection.newSession({ cwd: cwd(), mcpServers: [] });
const answer = await client.connection.prompt({ sessionId: session.sessionId, prompt: text("fix it") });
await report(client, { session, stopReasons: [answer.stopReason] });
