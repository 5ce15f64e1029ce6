package dev.moka.engine;

import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.SourceSection;

/** A script's error as the model reads it: the JavaScript error, then where in the script it was raised. */
final class ScriptErrors {
    private ScriptErrors() {}

    static String describe(PolyglotException e, String source) {
        String message = e.getMessage() == null ? "Error" : e.getMessage();
        if (e.isHostException()) {
            message = "Error: " + e.asHostException().getMessage();
        }
        SourceSection at = location(e);
        if (at == null) {
            return "Script error:\n" + message;
        }
        // The engine sees one line more than the model wrote (the end marker); an error there is at the end.
        long lines = Math.max(1, source.lines().count());
        long line = Math.min(at.getStartLine(), lines);
        int column = at.getStartLine() > lines ? source.lines().reduce((a, b) -> b).orElse("").length() + 1
                : at.getStartColumn();
        return "Script error:\n" + message + "\n    at " + GraalScriptRealm.SCRIPT_NAME + ":" + line + ":" + column;
    }

    private static SourceSection location(PolyglotException e) {
        SourceSection direct = e.getSourceLocation();
        if (inScript(direct)) {
            return direct;
        }
        for (PolyglotException.StackFrame frame : e.getPolyglotStackTrace()) {
            if (frame.isGuestFrame() && inScript(frame.getSourceLocation())) {
                return frame.getSourceLocation();
            }
        }
        return null;
    }

    private static boolean inScript(SourceSection section) {
        return section != null && section.isAvailable() && section.getSource() != null
                && GraalScriptRealm.SCRIPT_NAME.equals(section.getSource().getName());
    }
}
