// Modes and config options of a session, a mistake in one, then the session closed and resumed.
import { start, initializeParams, cwd, text, report } from "./client.mjs";

const client = start();
await client.connection.initialize(initializeParams);
const session = await client.connection.newSession({ cwd: cwd(), mcpServers: [] });
const sessionId = session.sessionId;
await client.connection.setSessionMode({ sessionId, modeId: "full-access" });
const models = session.configOptions.find((o) => o.id === "model");
const other = models.options.find((o) => o.value !== models.currentValue).value;
const changed = await client.connection.setSessionConfigOption({ sessionId, configId: "model", value: other });
let mistake = null;
try {
  await client.connection.setSessionConfigOption({ sessionId, configId: "model", value: "no-such-model" });
} catch (error) {
  mistake = { code: error.code, message: error.message };
}
const first = await client.connection.prompt({ sessionId, prompt: text("first") });
await client.connection.closeSession({ sessionId });
const beforeResume = client.seen.updates.length;
const resumed = await client.connection.resumeSession({ sessionId, cwd: cwd(), mcpServers: [] });
const second = await client.connection.prompt({ sessionId, prompt: text("second") });
await report(client, { session, other, changed, mistake, resumed, beforeResume,
  stopReasons: [first.stopReason, second.stopReason] });
