// Loads the session MOKA_ACP_LOAD names (recorded by another face), then prompts in it.
import { start, initializeParams, cwd, text, report } from "./client.mjs";

const client = start();
const initialized = await client.connection.initialize(initializeParams);
const sessionId = process.env.MOKA_ACP_LOAD;
const listed = await client.connection.listSessions({ cwd: cwd() });
const loaded = await client.connection.loadSession({ sessionId, cwd: cwd(), mcpServers: [] });
const replayed = client.seen.updates.length;
const answer = await client.connection.prompt({ sessionId, prompt: text("what did I ask?") });
await report(client, { initialized, listed, loaded, replayed, stopReasons: [answer.stopReason] });
