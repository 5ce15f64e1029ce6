#!/usr/bin/env bash
# The smallest MCP server that answers at once: it answers initialize and tools/list from canned JSON (one
# tool, `ping`) and nothing else. bin/moka trains the start-up cache with one (so the MCP SDK's classes are in
# it), and bench/mcp_first_request.py runs three to measure what Moka itself adds to the first request. With
# PROMPT_SERVER_TIMES set, it says on stderr (Moka's log of the server) when it started and when each request
# came, in epoch seconds, so the bench can tell where the time goes.
times=${PROMPT_SERVER_TIMES:-}
[ -n "$times" ] && echo "at $EPOCHREALTIME started" >&2
while IFS= read -r line; do
  [[ $line =~ \"id\":(\"[^\"]*\"|[0-9]+) ]] || continue
  id=${BASH_REMATCH[1]}
  case $line in
    *'"method":"initialize"'*)
      [ -n "$times" ] && echo "at $EPOCHREALTIME initialize" >&2
      printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"prompt","version":"1"}}}\n' "$id" ;;
    *'"method":"tools/list"'*)
      [ -n "$times" ] && echo "at $EPOCHREALTIME tools/list" >&2
      printf '{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"ping","description":"Answers pong.","inputSchema":{"type":"object","properties":{}}}]}}\n' "$id" ;;
    *)
      printf '{"jsonrpc":"2.0","id":%s,"result":{}}\n' "$id" ;;
  esac
done
