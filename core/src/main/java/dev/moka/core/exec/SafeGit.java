package dev.moka.core.exec;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Which {@code git} commands only read: {@code status}, {@code log}, {@code diff}, {@code show},
 * {@code branch} (listing), {@code rev-parse}, {@code ls-files}, {@code blame} and {@code grep}, each with the
 * options listed here and no others. Git has hundreds of options, so these lists are not complete; that is
 * why a long option must be spelled out in full (an abbreviation might mean an option missing here).
 *
 * <p>Left out on purpose, so a command using them is asked about: {@code -c}, {@code --config-env} and
 * {@code --exec-path} (configuration defines aliases, pagers, diff drivers and hooks, all programs);
 * {@code -C}, {@code --git-dir} and {@code --work-tree} (another repository brings its own configuration);
 * {@code -p}/{@code --paginate}; {@code --output} (writes a file); {@code --ext-diff} and {@code --textconv}
 * (run configured programs); and {@code git grep -O}/{@code --open-files-in-pager} (runs a program it is
 * given).
 */
final class SafeGit {
    /** Options before the subcommand; the subcommand ends them. */
    private static final OptionSpec GLOBAL = OptionSpec.gnu("P", "", "no-pager", "no-optional-locks",
            "literal-pathspecs", "no-replace-objects").exact().stopsAtOperand();
    private static final String[] DIFF_LONGS = {"patch", "no-patch", "stat[=]", "numstat", "shortstat",
        "name-only", "name-status", "summary", "raw", "patch-with-stat", "compact-summary", "dirstat[=]",
        "unified=", "minimal", "patience", "histogram", "diff-algorithm=", "word-diff[=]", "word-diff-regex=",
        "color[=]", "no-color", "color-words[=]", "color-moved[=]", "no-renames", "find-renames[=]",
        "find-copies[=]", "find-copies-harder", "irreversible-delete", "diff-filter=", "check", "full-index",
        "binary", "abbrev[=]", "no-abbrev", "relative[=]", "no-relative", "text", "ignore-cr-at-eol",
        "ignore-space-at-eol", "ignore-space-change", "ignore-all-space", "ignore-blank-lines",
        "inter-hunk-context=", "function-context", "exit-code", "quiet", "no-ext-diff", "no-textconv",
        "src-prefix=", "dst-prefix=", "no-prefix", "ignore-submodules[=]", "stat-width=", "stat-count="};
    private static final String[] LOG_LONGS = {"oneline", "max-count=", "skip=", "since=", "after=", "until=",
        "before=", "author=", "committer=", "grep=", "all-match", "invert-grep", "regexp-ignore-case",
        "extended-regexp", "fixed-strings", "perl-regexp", "all", "branches[=]", "tags[=]", "remotes[=]", "graph",
        "decorate[=]", "no-decorate", "format=", "pretty[=]", "abbrev-commit", "no-abbrev-commit", "reverse",
        "follow", "first-parent", "merges", "no-merges", "date=", "relative-date", "topo-order", "date-order",
        "parents", "children", "left-right", "cherry-pick", "boundary", "source", "mailmap", "use-mailmap",
        "encoding=", "no-expand-tabs", "no-notes", "full-diff", "walk-reflogs", "simplify-by-decoration",
        "full-history", "no-walk[=]"};
    private static final String DIFF_FLAGS = "psuzRwbaWD";
    private static final String DIFF_VALUED = "USGO";
    private static final OptionSpec LOG = spec(DIFF_FLAGS + "0123456789giEFP", DIFF_VALUED + "nL", "MCB",
            DIFF_LONGS, LOG_LONGS);

    private static final Map<String, OptionSpec> READS = Map.of(
            "status", spec("sbvz", "", "u", new String[] {"short", "branch", "porcelain[=]", "long", "verbose",
                "untracked-files[=]", "ignored[=]", "ignore-submodules[=]", "show-stash", "ahead-behind",
                "no-ahead-behind", "renames", "no-renames", "find-renames[=]", "column[=]", "no-column", "null"}),
            "log", LOG,
            "show", LOG,
            "diff", spec(DIFF_FLAGS, DIFF_VALUED, "MCB", DIFF_LONGS, new String[] {"cached", "staged",
                "merge-base", "no-index"}),
            "branch", spec("arv", "", "", new String[] {"list", "show-current", "all", "remotes", "verbose",
                "no-color", "color[=]", "contains=", "no-contains=", "points-at=", "sort=", "format=",
                "no-abbrev", "ignore-case", "omit-empty"}),
            "rev-parse", spec("q", "", "", new String[] {"show-toplevel", "abbrev-ref[=]", "short[=]", "verify",
                "git-dir", "git-common-dir", "absolute-git-dir", "is-inside-work-tree", "is-inside-git-dir",
                "is-bare-repository", "is-shallow-repository", "show-prefix", "show-cdup",
                "show-superproject-working-tree", "symbolic", "symbolic-full-name", "all", "branches[=]",
                "tags[=]", "remotes[=]", "quiet", "sq", "default=", "prefix="}),
            "ls-files", spec("cdmoiskutvfz", "xX", "", new String[] {"cached", "deleted", "modified", "others",
                "ignored", "stage", "unmerged", "killed", "directory", "no-empty-directory", "exclude=",
                "exclude-from=", "exclude-per-directory=", "exclude-standard", "full-name", "abbrev[=]",
                "error-unmatch", "recurse-submodules", "eol", "format=", "deduplicate", "with-tree="}),
            "blame", spec("bltpcefnsw", "LS", "MC", new String[] {"root", "show-stats", "porcelain",
                "line-porcelain", "incremental", "encoding=", "contents=", "date=", "progress", "no-progress",
                "ignore-rev=", "ignore-revs-file=", "color-lines", "color-by-age", "show-email", "show-name",
                "show-number", "abbrev[=]", "minimal"}),
            "grep", spec("ivwnlLchHEFGPIoqzWpa0123456789", "efmABC", "", new String[] {"cached", "untracked",
                "no-index", "exclude-standard", "no-exclude-standard", "recurse-submodules", "text",
                "ignore-case", "word-regexp", "invert-match", "line-number", "column", "full-name",
                "extended-regexp", "basic-regexp", "fixed-strings", "perl-regexp", "files-with-matches",
                "name-only", "files-without-match", "count", "null", "only-matching", "heading", "break",
                "show-function", "function-context", "after-context=", "before-context=", "context=", "threads=",
                "max-depth=", "max-count=", "quiet", "and", "or", "not", "all-match", "color[=]", "no-color"}));

    private SafeGit() {}

    /** Whether {@code words}, a {@code git} command, only reads. */
    static boolean allows(List<String> words) {
        OptionScan global = OptionScan.read(GLOBAL, words.subList(1, words.size()));
        if (global == null || global.operands().isEmpty()) {
            return false;
        }
        List<String> command = global.operands();
        OptionSpec options = READS.get(command.getFirst());
        OptionScan scan = options == null ? null : OptionScan.read(options, command.subList(1, command.size()));
        if (scan == null) {
            return false;
        }
        // With an operand, branch creates, and with -d, -m or -c it deletes, renames or copies: only list.
        return !command.getFirst().equals("branch") || scan.operands().isEmpty();
    }

    private static OptionSpec spec(String flags, String valued, String optional, String[]... longs) {
        String[] all = Stream.of(longs).flatMap(Stream::of).toArray(String[]::new);
        return OptionSpec.gnu(flags, valued, all).optionalValues(optional).exact();
    }
}
