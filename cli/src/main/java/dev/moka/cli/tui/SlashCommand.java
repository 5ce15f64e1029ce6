package dev.moka.cli.tui;

import java.util.List;

/** A command typed after {@code /} in the composer, with the line the completion popup shows for it. */
enum SlashCommand {
    MODEL("model", "choose the model and reasoning effort"),
    PERMISSIONS("permissions", "choose what Moka may do without asking (also /approvals)"),
    STATUS("status", "show the session's configuration and token use"),
    DIFF("diff", "show the git diff, untracked files included"),
    UNDO("undo", "restore the files the last turn changed"),
    REWIND("rewind", "go back to before an earlier prompt: code, conversation or both"),
    COPY("copy", "copy the last answer to the clipboard"),
    EXPORT("export", "write the conversation to a Markdown file"),
    CLEAR("clear", "clear the screen and start a new conversation"),
    PS("ps", "list the commands running now"),
    THEME("theme", "choose the dark or light palette"),
    RENAME("rename", "name this conversation, for /resume to show"),
    COMPACT("compact", "summarise the conversation to free context"),
    MENTION("mention", "mention a file (same as typing @)"),
    NEW("new", "start a new conversation"),
    RESUME("resume", "reopen an earlier conversation of this directory"),
    FORK("fork", "continue in a copy of this conversation; this one stays as it is"),
    REVIEW("review", "review changes in a read-only conversation of its own"),
    INIT("init", "ask Moka to write an AGENTS.md for this repository"),
    MCP("mcp", "list the MCP tools this session can call"),
    HOOKS("hooks", "review your hooks and trust them"),
    QUIT("quit", "leave Moka");

    private final String word;
    private final String help;

    SlashCommand(String word, String help) {
        this.word = word;
        this.help = help;
    }

    String word() {
        return word;
    }

    String help() {
        return help;
    }

    /** The commands whose name starts with what was typed after the slash. */
    static List<SlashCommand> matching(String typed) {
        return java.util.Arrays.stream(values()).filter(c -> c.word.startsWith(typed)).toList();
    }

    static SlashCommand named(String word) {
        for (SlashCommand command : values()) {
            if (command.word.equals(word) || word.equals("exit") && command == QUIT
                    || word.equals("approvals") && command == PERMISSIONS) {
                return command;
            }
        }
        return null;
    }
}
