package dev.moka.core.context;

import dev.moka.core.io.UserFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Skills: folders holding a {@code SKILL.md} whose front matter names and describes them. Only the listing
 * goes into the context; the model reads a skill's file when a task calls for it.
 */
public final class Skills {
    /** One skill as listed to the model. */
    public record Skill(String name, String description, Path file) {}

    /** The skills in order, and warnings for the person (a project skill that lives outside the project). */
    public record Found(List<Skill> skills, List<String> warnings) {
        public Found {
            skills = List.copyOf(skills);
            warnings = List.copyOf(warnings);
        }
    }

    /** The most bytes of a SKILL.md read to find its front matter, which sits at the top. */
    static final int FRONT_MATTER_MAX_BYTES = 64 * 1024;

    private Skills() {}

    /**
     * Skills under {@code $MOKA_HOME/skills} then {@code <project>/.agents/skills}, each folder sorted by name.
     * A project skill whose file resolves outside the project root is left out, with a warning.
     */
    public static Found find(Path mokaHome, Path projectRoot) {
        List<Skill> skills = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        if (mokaHome != null) {
            scan(mokaHome.resolve("skills"), skills, file -> true);
        }
        if (projectRoot != null) {
            scan(projectRoot.resolve(".agents").resolve("skills"), skills,
                    file -> ProjectDocs.insideRoot(file, projectRoot, warnings));
        }
        return new Found(skills, warnings);
    }

    private static void scan(Path dir, List<Skill> out, Predicate<Path> readable) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> children = Files.newDirectoryStream(dir)) {
            for (Path child : children) {
                Path file = child.resolve("SKILL.md");
                if (Files.isRegularFile(file)) {
                    files.add(file);
                }
            }
        } catch (IOException e) {
            return;
        }
        files.sort(null);
        for (Path file : files) {
            if (!readable.test(file)) {
                continue;
            }
            Skill skill = parse(file);
            if (skill != null) {
                out.add(skill);
            }
        }
    }

    /** The skill in {@code file}, or null when its front matter has no name. */
    static Skill parse(Path file) {
        List<String> lines;
        try {
            lines = frontLines(file);
        } catch (IOException e) {
            return null;
        }
        if (lines.isEmpty() || !lines.getFirst().strip().equals("---")) {
            return null;
        }
        String name = null;
        String description = "";
        for (String line : lines.subList(1, lines.size())) {
            if (line.strip().equals("---")) {
                break;
            }
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).strip();
            String value = unquote(line.substring(colon + 1).strip());
            if (key.equals("name")) {
                name = value;
            } else if (key.equals("description")) {
                description = value;
            }
        }
        return name == null || name.isBlank() ? null : new Skill(name, description, file);
    }

    private static String unquote(String text) {
        if (text.length() >= 2 && (text.startsWith("\"") && text.endsWith("\"")
                || text.startsWith("'") && text.endsWith("'"))) {
            return text.substring(1, text.length() - 1);
        }
        return text;
    }

    /** The lines of the head of {@code file}: its front matter, without reading the rest of a huge file. */
    private static List<String> frontLines(Path file) throws IOException {
        UserFiles.Head head = UserFiles.readHead(file, FRONT_MATTER_MAX_BYTES);
        byte[] bytes = head.bytes();
        int keep = head.more() ? Utf8Cut.floor(bytes, bytes.length - 1) : bytes.length;
        String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes, 0, keep)).toString();
        return text.lines().toList();
    }
}
