// A model provider without a key: what initialize offers, and what session/new and authenticate say.
import { start, initializeParams, cwd, report } from "./client.mjs";

const client = start();
const initialized = await client.connection.initialize(initializeParams);
const failure = async (call) => {
  try {
    await call();
    return null;
  } catch (error) {
    return { code: error.code, message: error.message };
  }
};
const newSession = await failure(() => client.connection.newSession({ cwd: cwd(), mcpServers: [] }));
const authenticate = await failure(() => client.connection.authenticate({ methodId: "moka-login" }));
await report(client, { initialized, newSession, authenticate });
