// A command that needs permission, answered with the option MOKA_ACP_ANSWER names (an optionId).
import { start, initializeParams, cwd, text, report } from "./client.mjs";

const client = start(() => ({ outcome: { outcome: "selected", optionId: process.env.MOKA_ACP_ANSWER } }));
await client.connection.initialize(initializeParams);
const session = await client.connection.newSession({ cwd: cwd(), mcpServers: [] });
const answer = await client.connection.prompt({ sessionId: session.sessionId, prompt: text("make a file") });
await report(client, { stopReasons: [answer.stopReason] });
