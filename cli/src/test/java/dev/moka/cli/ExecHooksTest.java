package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Json;
import dev.moka.testkit.McpTestServers;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The person's hooks through the real {@code moka exec}: each event's hook scripts log what they got on stdin,
 * and what they answer (exit codes, JSON) changes what runs and what the model reads.
 */
class ExecHooksTest extends ProcessFixture {
    private static final String SETTINGS = "model = \"gpt-5.1-codex\"\napproval_policy = \"never\"\n"
            + "sandbox_mode = \"danger-full-access\"\n";

    @TempDir
    Path scripts;

    private HookFixture hooks;

    @BeforeEach
    void prepare() {
        hooks = new HookFixture(scripts);
    }

    private MokaProcess.Result exec(String... args) throws Exception {
        Files.writeString(home.resolve("config.toml"), hooks.configToml(home, SETTINGS, true));
        List<String> all = new java.util.ArrayList<>(List.of("exec"));
        all.addAll(List.of(args));
        var run = MokaProcess.run(repo, MokaProcess.env(home, server.url()), all.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        return run;
    }

    /** The model runs {@code command} through the argv shell tool, then answers. */
    private void modelRuns(String command) {
        server.enqueue(Sse.response("r1").functionCall("c1", "shell",
                        Json.write(Json.object().set("command", Json.array().add("bash").add("-lc").add(command))))
                        .completed(),
                Sse.response("r2").text("m1", "Done.").completed());
    }

    /** The text Moka answered call {@code callId} with, in the last request. */
    private String output(String callId) {
        return item(server.requests().getLast().input(), "function_call_output", callId).get("output").asString();
    }

    private static JsonNode item(List<JsonNode> input, String type, String callId) {
        return input.stream().filter(i -> type.equals(i.path("type").asString())
                && callId.equals(i.path("call_id").asString())).findFirst().orElseThrow(() ->
                new AssertionError("no " + type + " for " + callId + " in " + input));
    }

    @Test
    void aPreToolUseHookThatExitsTwoBlocksTheCommandAndTheModelReadsWhy() throws Exception {
        String block = hooks.script("block", "echo 'writing out.txt is not allowed' >&2\nexit 2");
        String after = hooks.script("after", "");
        hooks.hook("PreToolUse", "Bash", block, 30).hook("PostToolUse", "Bash", after, 30);
        modelRuns("echo hi > out.txt");

        exec("write it");

        assertThat(repo.resolve("out.txt")).doesNotExist();
        assertThat(output("c1")).isEqualTo("Command blocked by PreToolUse hook: writing out.txt is not allowed. "
                + "Command: bash -lc 'echo hi > out.txt'");
        JsonNode input = hooks.runs("block").getFirst();
        assertThat(input.get("hook_event_name").asString()).isEqualTo("PreToolUse");
        assertThat(input.get("tool_name").asString()).isEqualTo("Bash");
        assertThat(input.get("tool_input")).isEqualTo(Json.parse("{\"command\":\"bash -lc 'echo hi > out.txt'\"}"));
        assertThat(input.get("tool_use_id").asString()).isEqualTo("c1");
        assertThat(input.get("cwd").asString()).isEqualTo(repo.toRealPath().toString());
        assertThat(input.get("model").asString()).isEqualTo("gpt-5.1-codex");
        assertThat(input.get("permission_mode").asString()).isEqualTo("bypassPermissions");
        assertThat(input.get("turn_id").asString()).isNotEmpty();
        assertThat(Path.of(input.get("transcript_path").asString())).exists();
        assertThat(hooks.runs("after")).as("a blocked call is not reported after").isEmpty();
        assertThat(Files.readString(Path.of(input.get("transcript_path").asString())))
                .as("the rollout records the hook's outcome").contains("\"hook_completed\"")
                .contains("writing out.txt is not allowed");
    }

    @Test
    void aJsonDenyBlocksWithItsReason() throws Exception {
        String deny = hooks.script("deny", "echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\","
                + "\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"no writes today\"}}'");
        hooks.hook("PreToolUse", "*", deny, null);
        modelRuns("echo hi > out.txt");

        exec("write it");

        assertThat(repo.resolve("out.txt")).doesNotExist();
        assertThat(output("c1")).startsWith("Command blocked by PreToolUse hook: no writes today. Command: ");
    }

    @Test
    void anAllowWithUpdatedInputRunsTheRewrittenCommandAndPostToolUseSeesItsOutput() throws Exception {
        String rewrite = hooks.script("rewrite", "echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\","
                + "\"permissionDecision\":\"allow\","
                + "\"updatedInput\":{\"command\":\"echo rewritten | tee out.txt\"}}}'");
        String after = hooks.script("after", "");
        hooks.hook("PreToolUse", "Bash", rewrite, null).hook("PostToolUse", "Bash", after, null);
        modelRuns("echo original > out.txt");

        exec("write it");

        assertThat(Files.readString(repo.resolve("out.txt"))).isEqualTo("rewritten\n");
        JsonNode post = hooks.runs("after").getFirst();
        assertThat(post.get("hook_event_name").asString()).isEqualTo("PostToolUse");
        assertThat(post.get("tool_input").get("command").asString())
                .isEqualTo("bash -lc 'echo rewritten | tee out.txt'");
        assertThat(post.get("tool_response").asString()).isEqualTo("rewritten\n");
        // The model's own call keeps what it asked for.
        assertThat(item(server.requests().getLast().input(), "function_call", "c1").get("arguments").asString())
                .contains("echo original > out.txt");
    }

    @Test
    void aHookThatFailsNeverBlocksAndIsShownOnce() throws Exception {
        String crash = hooks.script("crash", "echo 'config missing' >&2\nexit 1");
        hooks.hook("PreToolUse", null, crash, null);
        server.enqueue(Sse.response("r1").functionCall("c1", "shell", "{\"command\":[\"bash\",\"-lc\",\"echo one\"]}")
                        .functionCall("c2", "shell", "{\"command\":[\"bash\",\"-lc\",\"echo two\"]}").completed(),
                Sse.response("r2").text("m1", "Done.").completed());

        var run = exec("run both");

        assertThat(hooks.runs("crash")).hasSize(2);
        assertThat(output("c1")).contains("one");
        assertThat(output("c2")).contains("two");
        assertThat(run.stderr().lines().filter(l -> l.contains("never blocks"))).singleElement().asString()
                .contains("exited with status 1: config missing");
    }

    @Test
    void aHookPastItsTimeoutIsKilledWithWhatItStartedAndDoesNotBlock() throws Exception {
        Path late = scripts.resolve("late");
        String slow = hooks.script("slow", "(sleep 4; touch '" + late + "-child') &\nsleep 4\ntouch '" + late + "'");
        hooks.hook("PreToolUse", "Bash", slow, 1);
        modelRuns("echo ran | tee out.txt");

        var run = exec("--json", "run it");

        assertThat(Files.readString(repo.resolve("out.txt"))).isEqualTo("ran\n");
        List<JsonNode> hookItems = run.stdout().lines().map(Json::parse)
                .filter(l -> l.path("item").path("type").asString().equals("hook_run")).toList();
        assertThat(hookItems).extracting(l -> l.get("type").asString() + " " + l.get("item").get("status").asString())
                .containsExactly("item.started in_progress", "item.completed timed_out");
        Thread.sleep(4_500);
        assertThat(late).as("the hook was killed").doesNotExist();
        assertThat(Path.of(late + "-child")).as("and so was the child it started").doesNotExist();
    }

    @Test
    void matchersAreExactListsStarOrRegularExpressions() throws Exception {
        hooks.hook("PreToolUse", "Bash", hooks.script("exact", ""), null)
                .hook("PreToolUse", "bash", hooks.script("lowercase", ""), null)
                .hook("PreToolUse", "Bas", hooks.script("prefix", ""), null)
                .hook("PreToolUse", "Write|Bash", hooks.script("list", ""), null)
                .hook("PreToolUse", "*", hooks.script("star", ""), null)
                .hook("PreToolUse", "^B.sh$", hooks.script("regex", ""), null)
                .hook("PreToolUse", "^apply", hooks.script("other", ""), null)
                .hook("UserPromptSubmit", "^nomatch$", hooks.script("prompt", ""), null);
        modelRuns("true");

        exec("go");

        for (String ran : List.of("exact", "list", "star", "regex", "prompt")) {
            assertThat(hooks.runs(ran)).as(ran).hasSize(1);
        }
        for (String skipped : List.of("lowercase", "prefix", "other")) {
            assertThat(hooks.runs(skipped)).as(skipped).isEmpty();
        }
    }

    @Test
    void contextFromHooksReachesTheModelAsDeveloperMessagesWhereCodexPlacesThem() throws Exception {
        hooks.hook("SessionStart", null, hooks.script("start", "echo 'from session start'"), null)
                .hook("UserPromptSubmit", null, hooks.script("prompt", "echo '{\"hookSpecificOutput\":{"
                        + "\"hookEventName\":\"UserPromptSubmit\",\"additionalContext\":\"from prompt submit\"}}'"),
                        null)
                .hook("PostToolUse", null, hooks.script("after", "echo '{\"hookSpecificOutput\":{"
                        + "\"hookEventName\":\"PostToolUse\",\"additionalContext\":\"from post tool use\"}}'"), null);
        modelRuns("echo hi");

        exec("say hi");

        List<String> shape = server.requests().getLast().input().stream().map(i -> switch (i.path("type").asString()) {
            case "message" -> i.get("role").asString() + ":" + i.get("content").get(0).get("text").asString();
            default -> i.path("type").asString();
        }).filter(s -> !s.contains("<environment_context>") && !s.contains("<permissions") && !s.contains("AGENTS")
                && !s.contains("<user_instructions>")).toList();
        assertThat(shape).containsSubsequence("developer:from session start", "user:say hi",
                "developer:from prompt submit", "function_call", "developer:from post tool use",
                "function_call_output");
        int call = shape.indexOf("function_call");
        assertThat(shape.subList(call, call + 3)).containsExactly("function_call", "developer:from post tool use",
                "function_call_output");
        assertThat(hooks.runs("prompt").getFirst().get("prompt").asString()).isEqualTo("say hi");
        assertThat(hooks.runs("start").getFirst().get("source").asString()).isEqualTo("startup");
        assertThat(hooks.runs("start").getFirst().has("turn_id")).isFalse();
    }

    @Test
    void aStopHookThatBlocksMakesTheAgentGoOnOnceWithItsReason() throws Exception {
        hooks.hook("Stop", null, hooks.script("stop", "case \"$input\" in\n"
                + "  *'\"stop_hook_active\":false'*)\n"
                + "    echo '{\"decision\":\"block\",\"reason\":\"run the tests first\"}' ;;\n"
                + "esac"), null);
        server.enqueue(Sse.response("r1").text("m1", "All done.").completed(),
                Sse.response("r2").text("m2", "Tests pass.").completed());

        var run = exec("finish");

        assertThat(run.stdout()).isEqualTo("All done.\nTests pass.\n");
        assertThat(server.requests()).hasSize(2);
        JsonNode last = server.requests().getLast().input().getLast();
        assertThat(last.get("role").asString()).isEqualTo("user");
        assertThat(last.get("content").get(0).get("text").asString())
                .matches("<hook_prompt hook_run_id=\"stop:[^\"]+\">run the tests first</hook_prompt>");
        List<JsonNode> stops = hooks.runs("stop");
        assertThat(stops).extracting(s -> s.get("stop_hook_active").asBoolean()).containsExactly(false, true);
        assertThat(stops).extracting(s -> s.get("last_assistant_message").asString())
                .containsExactly("All done.", "Tests pass.");
    }

    @Test
    void sessionStartFiresOnResumeWithItsSourceAndSessionEndAtExit() throws Exception {
        hooks.hook("SessionStart", null, hooks.script("start", ""), null)
                .hook("SessionEnd", null, hooks.script("end", ""), null);
        server.enqueue(Sse.response("r1").text("m1", "First.").completed(),
                Sse.response("r2").text("m2", "Second.").completed());

        var first = exec("one");
        String id = first.stderr().lines().filter(l -> l.startsWith("session id: ")).findFirst().orElseThrow()
                .substring("session id: ".length());
        exec("resume", id, "two");

        List<JsonNode> starts = hooks.runs("start");
        assertThat(starts).extracting(s -> s.get("source").asString()).containsExactly("startup", "resume");
        assertThat(starts).extracting(s -> s.get("session_id").asString()).containsOnly(id);
        assertThat(hooks.runs("end")).hasSize(2).allSatisfy(e ->
                assertThat(e.get("hook_event_name").asString()).isEqualTo("SessionEnd"));
    }

    @Test
    void untrustedHooksAreSkippedAndNamedWithHowToTrustThem() throws Exception {
        String never = hooks.script("never", "");
        hooks.hook("PreToolUse", null, never, null);
        Files.writeString(home.resolve("config.toml"), hooks.configToml(home, SETTINGS, false));
        modelRuns("echo hi");

        var run = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "go");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(hooks.runs("never")).isEmpty();
        assertThat(run.stderr().lines().filter(l -> l.contains("untrusted hook"))).singleElement().asString()
                .contains("skipped 1 untrusted hook (PreToolUse `" + never + "`)").contains("moka hooks trust");
    }

    @Test
    void hooksRunWithTheSessionsEnvironmentPolicyAndGetNoSecret() throws Exception {
        hooks.hook("UserPromptSubmit", null, hooks.script("env", "env > '" + scripts.resolve("env.txt") + "'"), null);
        server.enqueue(Sse.response("r1").text("m1", "Hi.").completed());

        exec("hi");

        String env = Files.readString(scripts.resolve("env.txt"));
        assertThat(env).contains("MOKA_HOME=" + home).doesNotContain("sk-process-test-key");
    }

    @Test
    void aPermissionRequestHookAnswersWhatNobodyCouldInExec() throws Exception {
        String allow = hooks.script("allow", "echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PermissionRequest\","
                + "\"decision\":{\"behavior\":\"allow\"}}}'");
        hooks.hook("PermissionRequest", "Bash", allow, null);
        Files.writeString(home.resolve("config.toml"), hooks.configToml(home,
                "model = \"gpt-5.1-codex\"\napproval_policy = \"untrusted\"\nsandbox_mode = \"danger-full-access\"\n",
                true));
        modelRuns("echo asked | tee out.txt");

        var run = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "write it");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(Files.readString(repo.resolve("out.txt"))).isEqualTo("asked\n");
        JsonNode asked = hooks.runs("allow").getFirst();
        assertThat(asked.get("tool_name").asString()).isEqualTo("Bash");
        assertThat(asked.get("tool_input").get("command").asString()).isEqualTo("bash -lc 'echo asked | tee out.txt'");
    }

    @Test
    void aCodexConfigWithHooksJsonAndTrustEntriesRunsUnchanged() throws Exception {
        // Written as a Codex user has it in ~/.codex, trust entries included, and copied to Moka's home.
        Path codexHome = Files.createDirectories(scripts.resolve("codex-home"));
        String inToml = hooks.script("in-toml", "");
        String inJson = hooks.script("in-json", "");
        String command = inJson + " --from-json";
        Files.writeString(home.resolve("hooks.json"), "{\"description\": \"mine\", \"hooks\": {\"PreToolUse\": "
                + "[{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"" + command
                + "\", \"timeout\": 30}]}]}}");
        String config = SETTINGS + "\n[[hooks.UserPromptSubmit]]\n[[hooks.UserPromptSubmit.hooks]]\n"
                + "type = \"command\"\ncommand = \"" + inToml + "\"\n\n"
                + "[hooks.state.\"" + codexHome.resolve("config.toml") + ":user_prompt_submit:0:0\"]\n"
                + "trusted_hash = \"" + HookFixture.codexHash("user_prompt_submit", null, inToml, 600) + "\"\n"
                + "[hooks.state.\"" + codexHome.resolve("hooks.json") + ":pre_tool_use:0:0\"]\n"
                + "enabled = true\ntrusted_hash = \"" + HookFixture.codexHash("pre_tool_use", "Bash", command, 30)
                + "\"\n";
        Files.writeString(home.resolve("config.toml"), config);
        modelRuns("echo hi");
        Map<String, String> env = MokaProcess.env(home, server.url());
        env.put("CODEX_HOME", codexHome.toString());

        var run = MokaProcess.run(repo, env, "exec", "go");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).doesNotContain("untrusted").doesNotContain("unknown key");
        assertThat(hooks.runs("in-toml")).hasSize(1);
        assertThat(hooks.runs("in-json")).hasSize(1);
    }

    @Test
    void anMcpToolCallPassesPreToolUseAndPostToolUseUnderItsQualifiedName() throws Exception {
        hooks.hook("PreToolUse", "mcp__everything__echo", hooks.script("before", ""), null)
                .hook("PostToolUse", "mcp__everything__echo", hooks.script("after", ""), null);
        Files.writeString(home.resolve("config.toml"), hooks.configToml(home, SETTINGS
                + "[mcp_servers.everything]\ncommand = \"node\"\nargs = [\"" + McpTestServers.everything()
                + "\", \"stdio\"]\n", true));
        server.enqueue(Sse.response("r1").functionCall("c1", "mcp__everything", "echo", "{\"message\":\"hooked\"}")
                        .completed(),
                Sse.response("r2").text("m1", "Echoed.").completed());

        var run = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "echo it");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode before = hooks.runs("before").getFirst();
        assertThat(before.get("tool_name").asString()).isEqualTo("mcp__everything__echo");
        assertThat(before.get("tool_input")).isEqualTo(Json.parse("{\"message\":\"hooked\"}"));
        JsonNode after = hooks.runs("after").getFirst();
        assertThat(after.get("tool_response").toString()).contains("Echo: hooked");
        assertThat(output("c1")).contains("Echo: hooked");
    }

    @Test
    void aScriptsNestedCallPassesTheHooksWithTheNestedToolsNameAndInput() throws Exception {
        hooks.hook("PreToolUse", "*", hooks.script("before", ""), null)
                .hook("PostToolUse", "Bash", hooks.script("after", ""), null);
        Files.writeString(home.resolve("config.toml"), hooks.configToml(home, "model = \"gpt-6.1-sol\"\n"
                + "approval_policy = \"never\"\nsandbox_mode = \"danger-full-access\"\n", true));
        server.enqueue(Sse.response("r1").customToolCall("s1", "functions", "exec",
                        "const r = await tools.exec_command({cmd: \"echo nested\"});\ntext(r.output);").completed(),
                Sse.response("r2").text("m1", "Ran it.").completed());

        var run = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "run it");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(hooks.runs("before")).extracting(b -> b.get("tool_name").asString()).containsExactly("exec", "Bash");
        JsonNode nested = hooks.runs("before").get(1);
        assertThat(nested.get("tool_input")).isEqualTo(Json.parse("{\"command\":\"echo nested\"}"));
        assertThat(nested.get("tool_use_id").asString()).isNotEqualTo("s1").isNotEmpty();
        assertThat(hooks.runs("after")).singleElement().satisfies(a ->
                assertThat(a.get("tool_response").asString()).isEqualTo("nested\n"));
    }

    @Test
    void mokaHooksListsTheHooksAndTrustsThemAsCodexWould() throws Exception {
        String before = hooks.script("before", "");
        hooks.hook("PreToolUse", "Bash", before, 30);
        String settings = hooks.configToml(home, SETTINGS, false);
        Files.writeString(home.resolve("config.toml"), settings);
        Map<String, String> env = MokaProcess.env(home, server.url());

        var listed = MokaProcess.run(repo, env, "hooks");
        var trusted = MokaProcess.run(repo, env, "hooks", "trust", "--all");
        var relisted = MokaProcess.run(repo, env, "hooks");

        assertThat(listed.exitCode()).as(listed.stderr()).isZero();
        String key = home.resolve("config.toml") + ":pre_tool_use:0:0";
        assertThat(listed.stdout()).contains("untrusted  PreToolUse [Bash]  " + before).contains("key: " + key);
        assertThat(trusted.exitCode()).as(trusted.stderr()).isZero();
        assertThat(Files.readString(home.resolve("config.toml"))).startsWith(settings).endsWith("[hooks.state.\""
                + key + "\"]\ntrusted_hash = \"" + HookFixture.codexHash("pre_tool_use", "Bash", before, 30) + "\"\n");
        assertThat(relisted.stdout()).contains("trusted  PreToolUse [Bash]  " + before);
        modelRuns("echo hi");
        var run = MokaProcess.run(repo, env, "exec", "go");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(hooks.runs("before")).hasSize(1);
    }

    @Test
    void aUserPromptSubmitHookThatBlocksKeepsThePromptFromTheModel() throws Exception {
        hooks.hook("UserPromptSubmit", null, hooks.script("gate", "echo '{\"decision\":\"block\","
                + "\"reason\":\"no secrets in prompts\",\"systemMessage\":\"prompt held back\"}'"), null);

        var run = exec("my password is hunter2");

        assertThat(server.requests()).isEmpty();
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).contains("a UserPromptSubmit hook blocked this prompt, so it was not sent: no "
                + "secrets in prompts").contains("hook UserPromptSubmit: prompt held back");
    }
}
