// A session with an MCP server the editor passes (the everything server, over stdio), whose tools the model calls;
// every permission asked is allowed once.
import { join } from "node:path";
import { start, initializeParams, cwd, text, report } from "./client.mjs";

const client = start(() => ({ outcome: { outcome: "selected", optionId: "approved" } }));
await client.connection.initialize(initializeParams);
const everything = join(process.env.MOKA_TEST_MCP_DIR, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const session = await client.connection.newSession({ cwd: cwd(), mcpServers: [
  { name: "everything", command: "node", args: [everything, "stdio"], env: [{ name: "ACP_VAR", value: "from-editor" }] },
] });
const answer = await client.connection.prompt({ sessionId: session.sessionId, prompt: text("use the tools") });
await report(client, { stopReasons: [answer.stopReason] });
