package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.EventMsg;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Scripts that try to leave the JavaScript realm or bring the session down. Each one runs in a real session
 * as a model would send it; each must end as a failed script the model reads, leave no trace on the machine,
 * and leave the session able to run the next script.
 */
class CodeModeEscapeTest extends SessionFixture {
    private static final Map<String, String> ATTEMPTS = new java.util.LinkedHashMap<>();

    static {
        ATTEMPTS.put("Java.type", "const S = Java.type('java.lang.System'); S.exit(1);");
        ATTEMPTS.put("Polyglot.eval", "Polyglot.eval('js', 'writeFile()');");
        // load is the session store's: it reads no files, so the passwd text never arrives and using it throws.
        ATTEMPTS.put("load", "const passwd = load('/etc/passwd');\ntext(String(passwd));\npasswd.split(':');");
        ATTEMPTS.put("require", "require('fs').writeFileSync('pwned.txt', 'x');");
        ATTEMPTS.put("import fs", "const fs = await import('fs'); fs.writeFileSync('pwned.txt', 'x');");
        ATTEMPTS.put("static import", "import { writeFileSync } from 'fs';\nwriteFileSync('pwned.txt', 'x');");
        ATTEMPTS.put("process.env", "text(process.env.OPENAI_API_KEY);");
        ATTEMPTS.put("replace tools", "globalThis.tools = { exec_command: () => 1 };\n"
                + "tools.exec_command = () => 'mine';\n"
                + "if (tools.exec_command.toString().includes('mine')) text('replaced');\n"
                + "throw new Error('tools kept: ' + Object.isFrozen(tools));");
        ATTEMPTS.put("prototype pollution", "Object.prototype.cmd = 'touch pwned.txt';\n"
                + "Array.prototype.push = () => 0; JSON.parse = () => ({ cmd: 'touch pwned.txt' });\n"
                + "await tools.exec_command({});");
        ATTEMPTS.put("endless loop", "while (true) {}");
        ATTEMPTS.put("4 GB string", "const s = 'x'.repeat(2 ** 32); text(s.length);");
        ATTEMPTS.put("memory bomb", "const all = []; while (true) { all.push(new Array(1e6).fill(1.5)); }");
        ATTEMPTS.put("deep recursion", "function down(n) { return down(n + 1) + 1; }\ndown(0);");
        ATTEMPTS.put("notify flood", "for (let i = 0; i < 100000; i++) { notify('spam ' + i); }");
        ATTEMPTS.put("never settles", "await new Promise(() => {});\ntext('unreachable');");
        ATTEMPTS.put("host via constructor", "const f = (function(){}).constructor('return this')();\n"
                + "text(typeof f.Java + typeof f.Packages + typeof f.__moka_host);\nthrow new Error(String(Object.keys(f)));");
        ATTEMPTS.put("eval of host code", "eval('Java.type(\"java.io.File\")');");
    }

    ContextHarness harness;

    @BeforeEach
    void setUp() {
        harness = new ContextHarness(server, home);
        harness.model = "gpt-6.1-sol";
        harness.extraToml = "[code_mode]\ncpu_seconds = 2\nmemory_mb = 256\n";
    }

    @Test
    void everyEscapeAttemptFailsWithoutSideEffectsAndTheSessionGoesOn() throws Exception {
        List<String> names = new ArrayList<>(ATTEMPTS.keySet());
        for (int i = 0; i < names.size(); i++) {
            server.enqueue(Sse.response("r" + i).customToolCall("c" + i, "functions", "exec",
                    ATTEMPTS.get(names.get(i))).completed(), Sse.response("d" + i).text("m" + i, "ok").completed());
        }
        server.enqueue(Sse.response("last").customToolCall("alive", "functions", "exec", "text('still here');")
                .completed(), Sse.response("end").text("m", "ok").completed());
        List<EventMsg> events = new ArrayList<>();
        try (Session session = harness.start(cwd)) {
            for (String name : names) {
                events.addAll(SessionHarness.turn(session, name));
            }
            events.addAll(SessionHarness.turn(session, "are you there"));
        }
        assertThat(ATTEMPTS).hasSizeGreaterThanOrEqualTo(15);
        for (int i = 0; i < names.size(); i++) {
            List<String> texts = ContextHarness.outputTexts(harness.output(2 * i + 1, "c" + i));
            assertThat(texts.getFirst()).as(names.get(i)).startsWith("Script failed\n");
            assertThat(String.join("\n", texts)).as(names.get(i)).doesNotContain(SessionHarness.API_KEY)
                    .doesNotContain("replaced").doesNotContain("root:");
        }
        assertThat(ContextHarness.outputTexts(harness.output(2 * names.size() + 1, "alive"))).contains("still here");
        assertThat(cwd.resolve("pwned.txt")).doesNotExist();
        assertThat(events).noneMatch(e -> e instanceof EventMsg.ExecCommandBegin);
        assertThat(events.stream().filter(EventMsg.BackgroundEvent.class::isInstance).count())
                .isLessThanOrEqualTo(60);
        assertThat(Files.list(cwd)).isEmpty();
    }
}
