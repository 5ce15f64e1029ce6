#!/usr/bin/env bash
# bench/llama_server.sh: a real OpenAI-compatible Chat Completions server, llama.cpp's llama-server,
# serving a tiny deterministic model, for driving `moka exec` on wire_api = "chat".
#
# Everything comes from the registries this machine reaches:
#   * npm: node-llama-cpp@3.22.1 ships the llama.cpp sources (release v0.5.0, commit de3ff81) as
#     llama/gitRelease.bundle; llama-server is built from them with cmake and g++ (once: 8 min on an
#     idle 2-core machine, 18 min on a busy one). The package's install scripts are never run (npm pack, then tar).
#   * Debian: cmake, g++, make, git, curl (apt-get installs them when missing).
#   * The model is written here by a small Node script (below) from the Qwen2 tokenizer and the
#     Qwen2.5-Instruct chat template in those sources: a 1-layer, hand-wired, untrained Qwen2 GGUF.
#     No registry here carries a GGUF chat model, so none is downloaded.
# The model always answers "Hello! I am a tiny model served by llama.cpp." and stops, except when the
# request has tools and no tool result yet: then it makes one tool call, streamed by llama-server as
# tool_calls deltas (finish_reason "tool_calls"), whose string arguments are all
# "echo Hello! I am a tiny model served by llama.cpp.". Which tool: --prefer-tool NAME, else any.
#
# Usage:
#   llama_server.sh [--dir DIR] [--port N] [--prefer-tool NAME] [--install-only] [-- COMMAND [ARG...]]
# Installs into DIR when missing (default $MOKA_CHAT_SERVER_DIR, else ~/.cache/moka-chat-real-server),
# starts llama-server on 127.0.0.1 (a free port unless --port), waits until it answers, and prints its
# base URL (http://127.0.0.1:PORT/v1) as the first line on stdout; logs go to stderr.
# With a COMMAND, runs it with CHAT_BASE_URL, CHAT_MODEL, CHAT_PORT set, then stops the server and
# exits with the command's status. Without one, serves until interrupted (SIGINT/SIGTERM).
# The server is stopped whenever this script exits (not on SIGKILL). Model id: moka-tiny (any "model" is accepted).
# A Moka config for it:
#   model = "moka-tiny"
#   model_provider = "local"
#   [model_providers.local]
#   name = "llama.cpp"
#   base_url = "http://127.0.0.1:PORT/v1"
#   wire_api = "chat"
set -euo pipefail

NLC_VERSION=3.22.1
NLC_INTEGRITY='sha512-bltIipuWmc123H7tMIgDGKSsSrhmhlQYeVUC48XTjVW7XGJJiJJyCdlTMzQ/LiWoPkGDpcL4FviDpgw7qfTiDw=='
LLAMA_COMMIT=de3ff815ea7d559ee917f063901b8986f038abc6
MODEL_ID=moka-tiny

DIR="${MOKA_CHAT_SERVER_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/moka-chat-real-server}"
PORT=""
PREFER_TOOL=""
INSTALL_ONLY=0
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) DIR="$2"; shift 2 ;;
    --port) PORT="$2"; shift 2 ;;
    --prefer-tool) PREFER_TOOL="$2"; shift 2 ;;
    --install-only) INSTALL_ONLY=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --) shift; break ;;
    *) echo "llama_server.sh: unknown argument: $1 (see --help)" >&2; exit 2 ;;
  esac
done
if [ -n "$PREFER_TOOL" ] && ! [[ "$PREFER_TOOL" =~ ^[A-Za-z0-9_.-]+$ ]]; then
  echo "llama_server.sh: --prefer-tool takes a tool name ([A-Za-z0-9_.-]+)" >&2; exit 2
fi
log() { echo "llama_server: $*" >&2; }

mkdir -p "$DIR"
DIR="$(cd "$DIR" && pwd)"
BIN="$DIR/llama.cpp/build/bin/llama-server"
SRC="$DIR/llama.cpp"

ensure_tools() {
  local missing=() c
  for c in git cmake g++ make curl; do command -v "$c" >/dev/null 2>&1 || missing+=("$c"); done
  if [ ${#missing[@]} -gt 0 ]; then
    log "installing from Debian: ${missing[*]}"
    local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq >&2
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
  fi
  command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || {
    echo "llama_server.sh: node and npm are needed (Debian: apt-get install nodejs npm)" >&2; exit 1; }
}

install_server() {
  ensure_tools
  if [ -x "$BIN" ] && [ "$(cat "$DIR/llama-server.stamp" 2>/dev/null)" = "$NLC_VERSION $LLAMA_COMMIT" ]; then return; fi
  local t0=$SECONDS dl="$DIR/dl" tgz
  mkdir -p "$dl"
  tgz="$dl/node-llama-cpp-$NLC_VERSION.tgz"
  if [ ! -f "$tgz" ]; then
    log "npm pack node-llama-cpp@$NLC_VERSION (llama.cpp sources; no install scripts run)"
    (cd "$dl" && npm pack --silent "node-llama-cpp@$NLC_VERSION" >/dev/null)
  fi
  local got
  got="sha512-$(node -e 'process.stdout.write(require("crypto").createHash("sha512").update(require("fs").readFileSync(process.argv[1])).digest("base64"))' "$tgz")"
  if [ "$got" != "$NLC_INTEGRITY" ]; then rm -f "$tgz"; echo "llama_server.sh: integrity mismatch for $tgz" >&2; exit 1; fi
  rm -rf "$dl/package" "$SRC"
  tar -xzf "$tgz" -C "$dl" package/llama/gitRelease.bundle
  git clone -q "$dl/package/llama/gitRelease.bundle" "$SRC" 2>/dev/null
  [ "$(git -C "$SRC" rev-parse HEAD)" = "$LLAMA_COMMIT" ] || { echo "llama_server.sh: unexpected llama.cpp commit" >&2; exit 1; }
  rm -rf "$dl/package"
  log "building llama-server from llama.cpp $LLAMA_COMMIT (a few minutes, once)"
  cmake -S "$SRC" -B "$SRC/build" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF \
    -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_OPENSSL=OFF \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF > "$DIR/build.log" 2>&1 \
    || { tail -20 "$DIR/build.log" >&2; exit 1; }
  cmake --build "$SRC/build" --target llama-server -j"$(nproc)" >> "$DIR/build.log" 2>&1 \
    || { tail -30 "$DIR/build.log" >&2; exit 1; }
  echo "$NLC_VERSION $LLAMA_COMMIT" > "$DIR/llama-server.stamp"
  log "llama-server built in $((SECONDS - t0)) s"
}

write_generator() {
cat > "$DIR/make-tiny-model.js.tmp" <<'EOF_GEN'
#!/usr/bin/env node
// make-tiny-model.js VOCAB.gguf TEMPLATE.jinja OUT.gguf [PREFER_TOOL]
//
// Writes a tiny, hand-wired Qwen2-architecture GGUF (1 layer, n_embd 32) that
// llama.cpp's llama-server loads like any other model. It reuses the real
// Qwen2 tokenizer (models/ggml-vocab-qwen2.gguf, cut to its first 22016 merges)
// and the real Qwen2.5-Instruct
// chat template (models/templates/Qwen-Qwen2.5-7B-Instruct.jinja), both taken
// from the llama.cpp sources that the npm package node-llama-cpp ships.
//
// The weights are not trained; they are set by hand so that the model is
// deterministic and short-spoken:
//   * no tools in the prompt, or a <tool_response> already in it:
//       "Hello! I am a tiny model served by llama.cpp." then <|im_end|>
//   * tools in the prompt and no <tool_response> yet:
//       "<tool_call>" first, after which llama-server's tool-call grammar
//       takes over; every string argument becomes "echo " + that sentence, optional
//       keys are left out, and the tool is PREFER_TOOL if given, else any.
// How: one attention layer has two heads whose keys fire only on the marker
// tokens <tools> and <tool_response>; a bigram table in output.weight walks the
// sentence; output.bias gives the first word.
'use strict';
const fs = require('fs');
const [vocabPath, templatePath, outPath, preferTool] = process.argv.slice(2);
if (!outPath) { console.error('usage: make-tiny-model.js VOCAB.gguf TEMPLATE.jinja OUT.gguf [PREFER_TOOL]'); process.exit(2); }

// ---------- GGUF reading (metadata only) ----------
const src = fs.readFileSync(vocabPath);
let o = 0;
const rdU32 = () => { const v = src.readUInt32LE(o); o += 4; return v; };
const rdU64 = () => { const v = src.readBigUInt64LE(o); o += 8; return Number(v); };
const rdStr = () => { const n = rdU64(); const s = src.toString('utf8', o, o + n); o += n; return s; };
function rdVal(t) {
  switch (t) {
    case 0: return src.readUInt8(o++);
    case 1: return src.readInt8(o++);
    case 2: { const v = src.readUInt16LE(o); o += 2; return v; }
    case 3: { const v = src.readInt16LE(o); o += 2; return v; }
    case 4: return rdU32();
    case 5: { const v = src.readInt32LE(o); o += 4; return v; }
    case 6: { const v = src.readFloatLE(o); o += 4; return v; }
    case 7: return src.readUInt8(o++) !== 0;
    case 8: return rdStr();
    case 9: { const et = rdU32(), n = rdU64(); const a = new Array(n); for (let i = 0; i < n; i++) a[i] = rdVal(et); return { et, a }; }
    case 10: return rdU64();
    case 11: { const v = src.readBigInt64LE(o); o += 8; return v; }
    case 12: { const v = src.readDoubleLE(o); o += 8; return v; }
  }
  throw new Error('unknown gguf type ' + t);
}
if (rdU32() !== 0x46554747) throw new Error('not a GGUF file: ' + vocabPath);
rdU32(); rdU64(); const nkvIn = rdU64();
const inKv = new Map();
for (let i = 0; i < nkvIn; i++) { const k = rdStr(); const t = rdU32(); inKv.set(k, { t, v: rdVal(t) }); }

// Keep Qwen2's 256 byte tokens and only its first N_MERGES merges (token 256+i is
// the result of merge i, and a merge only uses earlier tokens, so the cut is
// consistent), then append the special tokens. A 22k vocab instead of 152k makes
// llama-server's grammar-constrained sampling of tool calls ~7x cheaper.
const N_MERGES = 22016;
const allTokens = inKv.get('tokenizer.ggml.tokens').v.a;
const allMerges = inKv.get('tokenizer.ggml.merges').v.a;
for (let i = 0; i < N_MERGES; i++) {
  const [a, b] = allMerges[i].split(' ');
  if (allTokens[256 + i] !== a + b) throw new Error('unexpected vocab layout at merge ' + i);
}
const CONTROL = 3, USER_DEFINED = 4;
const tokens = allTokens.slice(0, 256 + N_MERGES);
const ttypes = new Array(tokens.length).fill(1);
const specials = [['<|endoftext|>', CONTROL], ['<|im_start|>', CONTROL], ['<|im_end|>', CONTROL],
  ['<tool_call>', USER_DEFINED], ['</tool_call>', USER_DEFINED], ['<tools>', USER_DEFINED], ['</tools>', USER_DEFINED],
  ['<tool_response>', USER_DEFINED], ['</tool_response>', USER_DEFINED]];
for (const [t, ty] of specials) { tokens.push(t); ttypes.push(ty); }
while (tokens.length % 64) { tokens.push('[PAD' + tokens.length + ']'); ttypes.push(USER_DEFINED); }
const merges = allMerges.slice(0, N_MERGES);
const nVocab = tokens.length;
const tokId = new Map(tokens.map((t, i) => [t, i]));
const id = (s) => { if (!tokId.has(s)) throw new Error('token not in vocab: ' + s); return tokId.get(s); };

// ---------- the hand-set weights ----------
const E = 32, HEADS = 2, HD = E / HEADS, FF = 32;
const D_ORD = 0, D_TOOLS = 1, D_RESP = 2, D_MT = 3, D_MR = 4, D_WORD0 = 5;
const T_TOOLS = id('<tools>'), T_RESP = id('<tool_response>'), T_CALL = id('<tool_call>');
const T_EOS = id('<|im_end|>'), T_QUOTE = id('"');
const chain = ['Ċ', 'Hello', '!', 'ĠI', 'Ġam', 'Ġa', 'Ġtiny', 'Ġmodel', 'Ġserved', 'Ġby', 'Ġll', 'ama', '.cpp', '.'].map(id);
const wordDim = new Map(chain.map((t, k) => [t, D_WORD0 + k]));
if (D_WORD0 + chain.length > E) throw new Error('n_embd too small');

const T_CALL_END = id('</tool_call>');
const D_CALL = D_WORD0 + chain.length, D_CALL_END = D_CALL + 1;
if (D_CALL_END >= E) throw new Error('n_embd too small');
wordDim.set(T_CALL, D_CALL); wordDim.set(T_CALL_END, D_CALL_END);
const embDim = (t) => t === T_TOOLS ? D_TOOLS : t === T_RESP ? D_RESP : (wordDim.has(t) ? wordDim.get(t) : D_ORD);

// Logit of token t = outBias[t] + sum_c output.weight[t][c] * hn[c], where hn is the rms-normed
// residual of the current position. hn is one-hot-ish: the current token's dimension, plus D_MT and
// D_MR (= how much the prompt holds <tools> / <tool_response>). Their rms-normed size is 5.66 with no
// tools, 4 in "tools, no response yet" (tool mode) and 3.27 once a response is in. Every choice
// below wins by >= 10 logits (>= 12.5 at llama-server's default temperature 0.8).
const outRows = new Map();
const row = (t) => { if (!outRows.has(t)) outRows.set(t, new Float32Array(E)); return outRows.get(t); };
const CHAIN_W = 25;                                    // bigram walk: word k -> word k+1, last -> <|im_end|>
for (let k = 0; k < chain.length; k++) row(k + 1 < chain.length ? chain[k + 1] : T_EOS)[D_WORD0 + k] = CHAIN_W;
row(T_QUOTE)[D_WORD0 + chain.length - 1] = 5;          // in a JSON string after "." (where EOS is barred): close it
row(id('Ċ'))[D_CALL] = 20;                             // "<tool_call>" -> "\n" (llama-server's trigger is "<tool_call>\n")
row(T_EOS)[D_CALL_END] = 20;                           // "</tool_call>" -> end of turn
// In tool mode only (D_MR cancels D_MT once a response is in): shifts that make the grammar-constrained
// JSON short and well-formed: strings say the sentence once, arrays hold one string, optional keys are left out.
const toolShift = { '"': 50, '</tool_call>': 40, ']': 30, '}': 30, '{': 20, '[': 20, ':': 20, ',': 10, '<tool_call>': 160 };
for (const [tok, S] of Object.entries(toolShift)) { const r = row(id(tok)); r[D_MT] += S / 4; r[D_MR] -= S / 4; }
// "<tool_call>" may open a reply, never continue one: +5 per unit when the current token is the "\n" that
// ends "<|im_start|>assistant\n", -50 per unit for any other current token.
for (let c = 0; c < E; c++) if (![D_TOOLS, D_RESP, D_MT, D_MR].includes(c)) row(T_CALL)[c] = c === wordDim.get(id('Ċ')) ? 5 : -50;
// Where the grammar leaves the choice between tool names open, every name would be equally likely;
// with PREFER_TOOL, the vocab pieces of that name (2+ chars) are preferred there, so that tool is called.
if (preferTool) {
  if (!/^[A-Za-z0-9_.-]+$/.test(preferTool)) throw new Error('tool name must be [A-Za-z0-9_.-]+');
  for (const [t, i] of tokId) if (t.length >= 2 && preferTool.includes(t)) { const r = row(i); r[D_MT] += 15 / 4; r[D_MR] -= 15 / 4; }
}
// A JSON string starts from an ordinary token (its opening quote), not from the reply-opening "\n":
// there "echo" comes first, so every string argument is "echo Hello! I am a tiny model served by llama.cpp."
// (harmless, and a real success where the tool runs it as a shell command).
const D_ECHO = D_CALL_END + 1, D_SHELLO = D_CALL_END + 2;
if (D_SHELLO >= E) throw new Error('n_embd too small');
wordDim.set(id('echo'), D_ECHO); wordDim.set(id('ĠHello'), D_SHELLO);
row(id('ĠHello'))[D_ECHO] = CHAIN_W;
row(id('!'))[D_SHELLO] = CHAIN_W;
const outBias = new Float32Array(nVocab);
outBias[id('echo')] = 60;

const zeros = (n) => new Float32Array(n);
const mat = (entries) => { const m = zeros(E * E); for (const [r, c, v] of entries) m[r * E + c] = v; return m; }; // [out][in]
const QC = 8, KC = 25;   // score = QC*KC/sqrt(HD) = 50 on a marker, 0 elsewhere
const qBias = zeros(E); qBias[HD - 1] = QC; qBias[2 * HD - 1] = QC; // last NEOX rope pair, nearly unrotated (huge freq_base)
const attnNorm = zeros(E).fill(1 / Math.sqrt(E));      // makes rms-normed one-hot rows equal to themselves

// ---------- encoders ----------
function f16(x) {
  const f = new Float32Array([x]); const u = new Uint32Array(f.buffer)[0];
  const sign = (u >>> 16) & 0x8000; let exp = ((u >>> 23) & 0xff) - 127 + 15; let man = u & 0x7fffff;
  if (x === 0) return sign;
  if (exp <= 0) { // subnormal
    if (exp < -10) return sign;
    man = (man | 0x800000) >> (1 - exp);
    return sign | ((man + 0x1000) >> 13);
  }
  if (exp >= 31) return sign | 0x7c00;
  let h = sign | (exp << 10) | (man >> 13);
  if (man & 0x1000) h++; // round
  return h;
}
function q8_0Rows(nRows, rowFn) { // each row is exactly one 32-wide block
  const buf = Buffer.alloc(nRows * 34);
  for (let r = 0; r < nRows; r++) {
    const v = rowFn(r); const off = r * 34;
    if (!v) continue; // all-zero block: d = 0
    let amax = 0; for (const x of v) amax = Math.max(amax, Math.abs(x));
    const d = amax / 127; buf.writeUInt16LE(f16(d), off);
    for (let j = 0; j < 32; j++) buf.writeInt8(d ? Math.round(v[j] / d) : 0, off + 2 + j);
  }
  return buf;
}
const f32buf = (arr) => Buffer.from(arr.buffer, arr.byteOffset, arr.byteLength);

const GGML_F32 = 0, GGML_Q8_0 = 8;
const embRow = (t) => { const v = new Float32Array(E); v[embDim(t)] = 1; return v; };
const tensors = [
  ['token_embd.weight', [E, nVocab], GGML_Q8_0, q8_0Rows(nVocab, embRow)],
  ['output.weight', [E, nVocab], GGML_Q8_0, q8_0Rows(nVocab, (t) => outRows.get(t))],
  ['output.bias', [nVocab], GGML_F32, f32buf(outBias)],
  ['output_norm.weight', [E], GGML_F32, f32buf(zeros(E).fill(1))],
  ['blk.0.attn_norm.weight', [E], GGML_F32, f32buf(attnNorm)],
  ['blk.0.attn_q.weight', [E, E], GGML_F32, f32buf(zeros(E * E))],
  ['blk.0.attn_q.bias', [E], GGML_F32, f32buf(qBias)],
  ['blk.0.attn_k.weight', [E, E], GGML_F32, f32buf(mat([[HD - 1, D_TOOLS, KC], [2 * HD - 1, D_RESP, KC]]))],
  ['blk.0.attn_v.weight', [E, E], GGML_F32, f32buf(mat([[0, D_TOOLS, 1], [HD, D_RESP, 1]]))],
  ['blk.0.attn_output.weight', [E, E], GGML_F32, f32buf(mat([[D_MT, 0, 1], [D_MR, HD, 1]]))],
  ['blk.0.ffn_norm.weight', [E], GGML_F32, f32buf(zeros(E).fill(1))],
  ['blk.0.ffn_gate.weight', [E, FF], GGML_F32, f32buf(zeros(E * FF))],
  ['blk.0.ffn_up.weight', [E, FF], GGML_F32, f32buf(zeros(E * FF))],
  ['blk.0.ffn_down.weight', [FF, E], GGML_F32, f32buf(zeros(E * FF))],
];

// ---------- GGUF writing ----------
const kv = [];
const put = (k, t, v) => kv.push([k, t, v]);
put('general.architecture', 8, 'qwen2');
put('general.name', 8, 'moka-tiny-qwen2 (hand-wired, untrained)');
put('general.alignment', 4, 32);
put('qwen2.block_count', 4, 1);
put('qwen2.context_length', 4, 131072);
put('qwen2.embedding_length', 4, E);
put('qwen2.feed_forward_length', 4, FF);
put('qwen2.attention.head_count', 4, HEADS);
put('qwen2.attention.head_count_kv', 4, HEADS);
put('qwen2.rope.freq_base', 6, 1e10);
put('qwen2.attention.layer_norm_rms_epsilon', 6, 1e-6);
put('general.file_type', 4, 7); // mostly Q8_0
put('tokenizer.ggml.model', 8, inKv.get('tokenizer.ggml.model').v);
put('tokenizer.ggml.pre', 8, inKv.get('tokenizer.ggml.pre').v);
put('tokenizer.ggml.tokens', 9, { et: 8, a: tokens });
put('tokenizer.ggml.token_type', 9, { et: 5, a: ttypes });
put('tokenizer.ggml.merges', 9, { et: 8, a: merges });
put('tokenizer.ggml.eos_token_id', 4, T_EOS);
put('tokenizer.ggml.bos_token_id', 4, id('<|endoftext|>'));
put('tokenizer.ggml.padding_token_id', 4, id('<|endoftext|>'));
put('tokenizer.ggml.add_bos_token', 7, false);
put('tokenizer.chat_template', 8, fs.readFileSync(templatePath, 'utf8'));

const parts = [];
const w = {
  u32: (v) => { const b = Buffer.alloc(4); b.writeUInt32LE(v); parts.push(b); },
  u64: (v) => { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(v)); parts.push(b); },
  str: (s) => { const b = Buffer.from(s, 'utf8'); w.u64(b.length); parts.push(b); },
};
function wrVal(t, v) {
  switch (t) {
    case 0: case 7: parts.push(Buffer.from([v ? (v === true ? 1 : v) : 0])); return;
    case 1: { const b = Buffer.alloc(1); b.writeInt8(v); parts.push(b); return; }
    case 4: w.u32(v); return;
    case 5: { const b = Buffer.alloc(4); b.writeInt32LE(v); parts.push(b); return; }
    case 6: { const b = Buffer.alloc(4); b.writeFloatLE(v); parts.push(b); return; }
    case 8: w.str(v); return;
    case 9: w.u32(v.et); w.u64(v.a.length); for (const x of v.a) wrVal(v.et, x); return;
    case 10: w.u64(v); return;
  }
  throw new Error('cannot write gguf type ' + t);
}
w.u32(0x46554747); w.u32(3); w.u64(tensors.length); w.u64(kv.length);
for (const [k, t, v] of kv) { w.str(k); w.u32(t); wrVal(t, v); }
const ALIGN = 32; let off = 0;
for (const [name, ne, type, data] of tensors) {
  w.str(name); w.u32(ne.length); for (const n of ne) w.u64(n); w.u32(type); w.u64(off);
  off += Math.ceil(data.length / ALIGN) * ALIGN;
}
let head = Buffer.concat(parts);
head = Buffer.concat([head, Buffer.alloc((ALIGN - (head.length % ALIGN)) % ALIGN)]);
const body = [];
for (const [, , , data] of tensors) { body.push(data, Buffer.alloc((ALIGN - (data.length % ALIGN)) % ALIGN)); }
fs.writeFileSync(outPath + '.tmp', Buffer.concat([head, ...body]));
fs.renameSync(outPath + '.tmp', outPath);
console.error(`wrote ${outPath}: ${tensors.length} tensors, vocab ${nVocab}`);
EOF_GEN
mv "$DIR/make-tiny-model.js.tmp" "$DIR/make-tiny-model.js"
}

make_model() {
  write_generator
  local h
  h="$(sha256sum "$DIR/make-tiny-model.js" | cut -c1-12)"
  MODEL="$DIR/models/$MODEL_ID-$h${PREFER_TOOL:+-$PREFER_TOOL}.gguf"
  [ -f "$MODEL" ] && return
  mkdir -p "$DIR/models"
  node "$DIR/make-tiny-model.js" "$SRC/models/ggml-vocab-qwen2.gguf" \
    "$SRC/models/templates/Qwen-Qwen2.5-7B-Instruct.jinja" "$MODEL" $PREFER_TOOL
}

# Install (one at a time per DIR).
exec 9>"$DIR/.lock"
flock 9
install_server
make_model
flock -u 9
exec 9>&-
if [ "$INSTALL_ONLY" = 1 ]; then log "installed: $BIN, model $MODEL"; exit 0; fi

SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=""
}
trap stop_server EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

start_server() { # $1 = port; returns 0 once /health answers 200
  local port="$1" t0=$SECONDS
  LOG="$DIR/logs/llama-server.$port.log"
  mkdir -p "$DIR/logs"
  "$BIN" -m "$MODEL" --host 127.0.0.1 --port "$port" -a "$MODEL_ID" \
    -c 131072 -np 2 -n 1024 -t "$(nproc)" --no-webui --offline > "$LOG" 2>&1 &
  SERVER_PID=$!
  while [ $((SECONDS - t0)) -lt 120 ]; do
    kill -0 "$SERVER_PID" 2>/dev/null || { wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""; return 1; }
    if curl -sf -o /dev/null "http://127.0.0.1:$port/health"; then return 0; fi
    sleep 0.1
  done
  stop_server; return 1
}

if [ -n "$PORT" ]; then
  start_server "$PORT" || { tail -20 "$LOG" >&2; echo "llama_server.sh: llama-server did not start on port $PORT" >&2; exit 1; }
else
  for attempt in 1 2 3; do
    PORT="$(free_port)"
    if start_server "$PORT"; then break; fi
    [ "$attempt" = 3 ] && { tail -20 "$LOG" >&2; echo "llama_server.sh: llama-server did not start" >&2; exit 1; }
  done
fi

BASE_URL="http://127.0.0.1:$PORT/v1"
echo "$BASE_URL"
log "llama-server pid $SERVER_PID serving model id '$MODEL_ID' at $BASE_URL (log: $LOG)"
if [ $# -gt 0 ]; then
  set +e
  CHAT_BASE_URL="$BASE_URL" CHAT_MODEL="$MODEL_ID" CHAT_PORT="$PORT" "$@"
  rc=$?
  set -e
  exit "$rc"
fi
wait "$SERVER_PID"
