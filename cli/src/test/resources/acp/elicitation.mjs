// A session with the everything server (over stdio) whose tool asks the person for a form: the editor declared
// that it shows forms, and fills this one in.
import { join } from "node:path";
import { start, initializeParams, cwd, text, report } from "./client.mjs";

const client = start(() => ({ outcome: { outcome: "selected", optionId: "approved" } }),
  () => ({ action: "accept", content: { name: "Ada Lovelace", check: true } }));
await client.connection.initialize({ ...initializeParams,
  clientCapabilities: { ...initializeParams.clientCapabilities, elicitation: { form: {} } } });
const everything = join(process.env.MOKA_TEST_MCP_DIR, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const session = await client.connection.newSession({ cwd: cwd(), mcpServers: [
  { name: "everything", command: "node", args: [everything, "stdio"], env: [] },
] });
const answer = await client.connection.prompt({ sessionId: session.sessionId, prompt: text("ask me") });
await report(client, { stopReasons: [answer.stopReason], sessionId: session.sessionId });
