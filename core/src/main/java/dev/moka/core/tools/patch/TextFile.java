package dev.moka.core.tools.patch;

import java.util.ArrayList;
import java.util.List;

/**
 * A text file as lines, plus what the lines alone lose: the line end it uses and whether its last line ends
 * with one. Rendering a parsed file gives back the same text, so an edit changes only what it touches.
 *
 * @param eol {@code "\r\n"} when the file's first line ends so, else {@code "\n"}
 */
record TextFile(List<String> lines, String eol, boolean finalNewline) {
    TextFile {
        lines = List.copyOf(lines);
    }

    static TextFile parse(String content) {
        if (content.isEmpty()) {
            return new TextFile(List.of(), "\n", false);
        }
        int firstBreak = content.indexOf('\n');
        boolean crlf = firstBreak > 0 && content.charAt(firstBreak - 1) == '\r';
        List<String> lines = new ArrayList<>();
        int start = 0;
        while (start < content.length()) {
            int next = content.indexOf('\n', start);
            int stop = next < 0 ? content.length() : next;
            // Only a CRLF file loses its CRs; a stray CR in an LF file is part of that line's text.
            if (crlf && next >= 0 && stop > start && content.charAt(stop - 1) == '\r') {
                stop--;
            }
            lines.add(content.substring(start, stop));
            start = next < 0 ? content.length() : next + 1;
        }
        return new TextFile(lines, crlf ? "\r\n" : "\n", content.endsWith("\n"));
    }

    String render() {
        if (lines.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            text.append(lines.get(i));
            if (i < lines.size() - 1 || finalNewline) {
                text.append(eol);
            }
        }
        return text.toString();
    }
}
