// A small MCP server for Moka's tests, run with node and the npm SDK that bin/test installs (NODE_PATH).
// It does what the reference servers cannot be asked to: change its tool list on demand, die in the middle
// of a call, hang, refuse to start with an error of its own, tell which calls the client cancelled, answer
// with a text of any size, or write a line that is not JSON-RPC on its stdout.
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
  ["sleep", { description: "Answers after `ms` milliseconds, or stops when the client cancels the call.",
    inputSchema: objectOf({ ms: { type: "integer" } }, ["ms"]) }],
  ["sleepers", { description: "As JSON, the request ids of the sleep calls running now, and of those the client "
    + "cancelled with its reasons.", inputSchema: objectOf({}, []) }],
  ["fail", { description: "Answers with isError.", inputSchema: objectOf({}, []) }],
  ["big", { description: "Answers with a text of `chars` x's.",
    inputSchema: objectOf({ chars: { type: "integer" } }, ["chars"]) }],
  ["stray", { description: "Writes `line` on stdout, outside JSON-RPC, then answers.",
    inputSchema: objectOf({ line: { type: "string" } }, ["line"]) }],
]);

const server = new Server({ name: "moka-test-server", version: "1.0.0" },
  { capabilities: { tools: { listChanged: true } } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [...tools].map(([name, tool]) => ({ name, ...tool })),
}));

const text = (value) => ({ content: [{ type: "text", text: value }] });

// The SDK aborts a handler's signal when notifications/cancelled names its request id (and, with no reason,
// when the connection closes), so what lands in `cancelled` was cancelled by the id the call came with.
const running = new Set();
const cancelled = [];

server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
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
      running.add(extra.requestId);
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, args.ms);
        extra.signal.addEventListener("abort", () => {
          clearTimeout(timer);
          cancelled.push({ requestId: extra.requestId, reason: extra.signal.reason });
          resolve();
        }, { once: true });
      });
      running.delete(extra.requestId);
      return text("slept " + args.ms + " ms");
    case "sleepers":
      return text(JSON.stringify({ running: [...running], cancelled }));
    case "fail":
      return { content: [{ type: "text", text: "this tool always fails" }], isError: true };
    case "big":
      return text("x".repeat(args.chars));
    case "stray":
      process.stdout.write(args.line + "\n");
      return text("wrote " + args.line);
    default:
      if (tools.has(request.params.name)) {
        return text("called " + request.params.name);
      }
      throw new Error("no tool " + request.params.name);
  }
});

server.connect(new StdioServerTransport()).then(() => process.stderr.write("moka-test-server ready\n"));
