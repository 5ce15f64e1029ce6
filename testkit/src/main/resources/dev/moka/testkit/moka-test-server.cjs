// A small MCP server for Moka's tests, run with node and the npm SDK that bin/test installs (NODE_PATH).
// It does what the reference servers cannot be asked to: change its tool list on demand, die in the middle
// of a call, hang, or refuse to start with an error of its own.
//   node moka-test-server.cjs            serve over stdio
//   node moka-test-server.cjs --fail MSG write MSG to stderr and exit 1 before answering anything
"use strict";
const { Server } = require("@modelcontextprotocol/sdk/server/index.js");
const { StdioServerTransport } = require("@modelcontextprotocol/sdk/server/stdio.js");
const { ListToolsRequestSchema, CallToolRequestSchema } = require("@modelcontextprotocol/sdk/types.js");

const failAt = process.argv.indexOf("--fail");
if (failAt >= 0) {
  process.stderr.write(process.argv[failAt + 1] + "\n");
  process.exit(1);
}

const objectOf = (properties, required) => ({ type: "object", properties, required });
const tools = new Map([
  ["add_tool", { description: "Adds a tool named `name` to this server's list.",
    inputSchema: objectOf({ name: { type: "string" } }, ["name"]) }],
  ["remove_tool", { description: "Removes the tool named `name` from this server's list.",
    inputSchema: objectOf({ name: { type: "string" } }, ["name"]) }],
  ["crash", { description: "Exits the server process in the middle of the call.", inputSchema: objectOf({}, []) }],
  ["sleep", { description: "Answers after `ms` milliseconds.",
    inputSchema: objectOf({ ms: { type: "integer" } }, ["ms"]) }],
  ["fail", { description: "Answers with isError.", inputSchema: objectOf({}, []) }],
]);

const server = new Server({ name: "moka-test-server", version: "1.0.0" },
  { capabilities: { tools: { listChanged: true } } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [...tools].map(([name, tool]) => ({ name, ...tool })),
}));

const text = (value) => ({ content: [{ type: "text", text: value }] });

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments || {};
  switch (request.params.name) {
    case "add_tool":
      tools.set(args.name, { description: "Added at run time.", inputSchema: objectOf({}, []) });
      await server.sendToolListChanged();
      return text("added " + args.name);
    case "remove_tool":
      tools.delete(args.name);
      await server.sendToolListChanged();
      return text("removed " + args.name);
    case "crash":
      process.stderr.write("crashing on purpose\n");
      process.exit(3);
    case "sleep":
      await new Promise((resolve) => setTimeout(resolve, args.ms));
      return text("slept " + args.ms + " ms");
    case "fail":
      return { content: [{ type: "text", text: "this tool always fails" }], isError: true };
    default:
      if (tools.has(request.params.name)) {
        return text("called " + request.params.name);
      }
      throw new Error("no tool " + request.params.name);
  }
});

server.connect(new StdioServerTransport()).then(() => process.stderr.write("moka-test-server ready\n"));
