// An MCP client nobody here wrote: the official TypeScript SDK's, connected to tablequery as a client's configuration
// says (an mcpServers entry: {"command", "args"} for stdio, {"type": "http", "url", "headers"} for Streamable HTTP). It lists the
// tools, calls one of each family and an error case, and prints what it found as one JSON line for
// McpTypeScriptClientIT to check.
//
//   node client.mjs '<the mcpServers entry as JSON>'
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const entry = JSON.parse(process.argv[2]);
const transport = entry.url
  ? new StreamableHTTPClientTransport(new URL(entry.url), { requestInit: { headers: entry.headers ?? {} } })
  : new StdioClientTransport({ command: entry.command, args: entry.args ?? [], env: { ...process.env, ...entry.env }, stderr: "ignore" });
const client = new Client({ name: "tablequery-check", version: "1.0.0" });

const timed = async (work) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: Math.round(performance.now() - started) };
};
const text = (result) => result.content.filter((part) => part.type === "text").map((part) => part.text).join("\n");

let connected;
try {
  connected = await timed(() => client.connect(transport));
} catch (error) {
  // A refused connection is an answer too (a keyed server without the key): say what it was, for the test to check.
  console.log(JSON.stringify({ refused: { status: error.code ?? null, message: String(error.message ?? error) } }));
  process.exit(0);
}
const listed = await timed(() => client.listTools());
const search = await timed(() => client.callTool({ name: "search_tables", arguments: { query: "orders by city", top_k: 3 } }));
const duck = await timed(() => client.callTool({ name: "queryDuckDB", arguments: { query: "SELECT count(*) AS n FROM orders" } }));
const bad = await timed(() =>
  client.callTool({ name: "run_sql", arguments: { plan: { queries: [{ step: 1, sql: "DROP TABLE orders" }] } } }),
);
await client.close();

console.log(JSON.stringify({
  server: client.getServerVersion(),
  tools: listed.result.tools.map((tool) => tool.name),
  search: { isError: search.result.isError ?? false, text: text(search.result) },
  duck: { isError: duck.result.isError ?? false, text: text(duck.result) },
  bad: { isError: bad.result.isError ?? false, text: text(bad.result) },
  ms: { connect: connected.ms, list: listed.ms, search: search.ms, duck: duck.ms, bad: bad.ms },
}));
