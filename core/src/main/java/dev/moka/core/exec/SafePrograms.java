package dev.moka.core.exec;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The allow-list behind "known safe": programs that only read or print, each with the options it may be
 * given. A program that is not here, an option that is not listed, or an option listed as unsafe makes a
 * command not known safe. Programs whose options can write a file or run another program list those
 * options too, so that an abbreviation ({@code sort --out}, {@code date --s}) resolves to them, exactly as
 * the program's own getopt would, and is refused.
 */
final class SafePrograms {
    /**
     * One program.
     *
     * @param options  its options; null when it takes every word as an operand ({@code echo})
     * @param unsafe   options that write or run something, named as {@link OptionScan.Option#name()} does
     * @param operands whether the operands are safe too ({@code uniq in out} writes {@code out})
     */
    private record Program(OptionSpec options, Set<String> unsafe, Predicate<List<String>> operands) {}

    private static final Predicate<List<String>> ANY = operands -> true;
    private static final Program ANY_WORDS = new Program(null, Set.of(), ANY);
    private static final OptionSpec GREP = OptionSpec.gnu("EFGPivwxyclLoqsbHhnTZzaIrRU0123456789", "efmABCdD",
            "after-context=", "basic-regexp", "before-context=", "binary", "binary-files=", "byte-offset", "color[=]",
            "colour[=]", "context=", "count", "dereference-recursive", "devices=", "directories=", "exclude-dir=",
            "exclude-from=", "exclude=", "extended-regexp", "file=", "files-with-matches", "files-without-match",
            "fixed-strings", "group-separator=", "help", "ignore-case", "include=", "initial-tab", "invert-match",
            "label=", "line-buffered", "line-number", "line-regexp", "max-count=", "no-filename",
            "no-group-separator", "no-ignore-case", "no-messages", "null", "null-data", "only-matching",
            "perl-regexp", "quiet", "recursive", "regexp=", "silent", "text", "version", "with-filename",
            "word-regexp");
    private static final OptionSpec RG = OptionSpec.gnu("abcFHhiIlLnNopPqsSuUvVwxz0.", "ABCdeEfgjmMrtT", "files",
            "type-list", "hidden", "no-ignore", "no-ignore-vcs", "no-ignore-parent", "glob=", "iglob=", "type=",
            "type-not=", "ignore-case", "smart-case", "case-sensitive", "fixed-strings", "word-regexp",
            "line-regexp", "line-number", "no-line-number", "count", "count-matches", "files-with-matches",
            "files-without-match", "max-count=", "max-depth=", "max-columns=", "max-filesize=", "context=",
            "after-context=", "before-context=", "json", "color=", "colors=", "heading", "no-heading",
            "with-filename", "no-filename", "only-matching", "invert-match", "multiline", "multiline-dotall",
            "follow", "sort=", "sortr=", "stats", "trim", "vimgrep", "column", "no-messages", "quiet", "regexp=",
            "file=", "replace=", "text", "null", "null-data", "pcre2", "engine=", "unrestricted", "threads=",
            "encoding=", "binary", "no-config", "pretty", "passthru", "byte-offset", "search-zip", "pre=",
            "pre-glob=", "hostname-bin=", "help", "version").exact();
    private static final OptionSpec CHECKSUM = OptionSpec.gnu("bctwz", "", "binary", "check", "tag", "text", "zero",
            "ignore-missing", "quiet", "status", "strict", "warn", "help", "version");

    private static final Map<String, Program> PROGRAMS = Map.ofEntries(
            Map.entry("echo", ANY_WORDS), Map.entry("printf", ANY_WORDS), Map.entry("true", ANY_WORDS),
            Map.entry("false", ANY_WORDS), Map.entry("test", ANY_WORDS), Map.entry("expr", ANY_WORDS),
            Map.entry("cd", reads(OptionSpec.gnu("LPe@", ""))), Map.entry("pwd", reads(OptionSpec.gnu("LP", ""))),
            Map.entry("cat", reads(OptionSpec.gnu("AbeEnstTuv", "", "show-all", "number-nonblank", "show-ends",
                    "number", "squeeze-blank", "show-tabs", "show-nonprinting", "help", "version"))),
            Map.entry("grep", reads(GREP)), Map.entry("egrep", reads(GREP)), Map.entry("fgrep", reads(GREP)),
            Map.entry("head", reads(OptionSpec.gnu("qvz0123456789", "nc", "bytes=", "lines=", "quiet", "silent",
                    "verbose", "zero-terminated", "help", "version"))),
            Map.entry("tail", reads(OptionSpec.gnu("fFqvz0123456789", "ncs", "bytes=", "follow[=]", "lines=",
                    "max-unchanged-stats=", "pid=", "quiet", "silent", "retry", "sleep-interval=", "verbose",
                    "zero-terminated", "help", "version"))),
            Map.entry("ls", reads(OptionSpec.gnu("aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZ1", "ITw", "all",
                    "almost-all", "author", "escape", "block-size=", "ignore-backups", "color[=]", "classify[=]",
                    "directory", "dired", "file-type", "format=", "full-time", "group-directories-first",
                    "no-group", "human-readable", "si", "dereference-command-line",
                    "dereference-command-line-symlink-to-dir", "hide=", "hyperlink[=]", "indicator-style=",
                    "inode", "ignore=", "kibibytes", "dereference", "numeric-uid-gid", "literal",
                    "hide-control-chars", "show-control-chars", "quote-name", "quoting-style=", "reverse",
                    "recursive", "size", "sort=", "time=", "time-style=", "tabsize=", "width=", "context", "zero",
                    "help", "version"))),
            Map.entry("nl", reads(OptionSpec.gnu("p", "bdfhilnsvw", "body-numbering=", "section-delimiter=",
                    "footer-numbering=", "header-numbering=", "line-increment=", "join-blank-lines=",
                    "number-format=", "no-renumber", "number-separator=", "starting-line-number=", "number-width=",
                    "help", "version"))),
            Map.entry("wc", reads(OptionSpec.gnu("cmlLw", "", "bytes", "chars", "lines", "files0-from=",
                    "max-line-length", "words", "total=", "help", "version"))),
            Map.entry("which", reads(OptionSpec.gnu("as", "").exact())),
            Map.entry("whoami", reads(OptionSpec.gnu("", "", "help", "version"))),
            Map.entry("id", reads(OptionSpec.gnu("agGnruzZ", "", "context", "group", "groups", "name", "real",
                    "user", "zero", "help", "version"))),
            Map.entry("uname", reads(OptionSpec.gnu("asnrvmpio", "", "all", "kernel-name", "nodename",
                    "kernel-release", "kernel-version", "machine", "processor", "hardware-platform",
                    "operating-system", "help", "version"))),
            // -s and --set set the clock, and so does an operand that is not a +FORMAT.
            Map.entry("date", new Program(OptionSpec.gnu("Rus", "dfr", "date=", "debug", "file=", "iso-8601[=]",
                    "resolution", "rfc-email", "rfc-3339=", "reference=", "set=", "universal", "utc", "help",
                    "version").optionalValues("I"), Set.of("-s", "--set"),
                    operands -> operands.stream().allMatch(o -> o.startsWith("+")))),
            Map.entry("basename", reads(OptionSpec.gnu("az", "s", "multiple", "suffix=", "zero", "help", "version"))),
            Map.entry("dirname", reads(OptionSpec.gnu("z", "", "zero", "help", "version"))),
            Map.entry("realpath", reads(OptionSpec.gnu("eLmPqsz", "", "canonicalize-existing",
                    "canonicalize-missing", "logical", "physical", "quiet", "relative-to=", "relative-base=", "strip",
                    "no-symlinks", "zero", "help", "version"))),
            Map.entry("readlink", reads(OptionSpec.gnu("femnqsvz", "", "canonicalize", "canonicalize-existing",
                    "canonicalize-missing", "no-newline", "quiet", "silent", "verbose", "zero", "help", "version"))),
            Map.entry("stat", reads(OptionSpec.gnu("Lft", "c", "dereference", "file-system", "cached=", "format=",
                    "printf=", "terse", "help", "version"))),
            // -C writes a compiled magic file, -p resets access times, -z and -Z run decompressors.
            Map.entry("file", new Program(OptionSpec.gnu("bcCdEhiklLNnprsSvzZ0", "efFmP", "apple", "brief",
                    "checking-printout", "compile", "debug", "dereference", "exclude=", "exclude-quiet=",
                    "extension", "files-from=", "help", "keep-going", "list", "magic-file=", "mime",
                    "mime-encoding", "mime-type", "no-buffer", "no-dereference", "no-pad", "no-sandbox",
                    "parameter=", "preserve-date", "print0", "raw", "separator=", "special-files", "uncompress",
                    "uncompress-noreport", "version"), Set.of("-C", "--compile", "-p", "--preserve-date", "-z",
                    "--uncompress", "-Z", "--uncompress-noreport", "--no-sandbox"), ANY)),
            Map.entry("tr", reads(OptionSpec.gnu("cCdst", "", "complement", "delete", "squeeze-repeats",
                    "truncate-set1", "help", "version"))),
            Map.entry("cut", reads(OptionSpec.gnu("nsz", "bcdf", "bytes=", "characters=", "delimiter=", "fields=",
                    "complement", "only-delimited", "output-delimiter=", "zero-terminated", "help", "version"))),
            Map.entry("du", reads(OptionSpec.gnu("0abcDhHklLmPsSx", "BdXt", "null", "all", "apparent-size",
                    "block-size=", "bytes", "total", "dereference-args", "max-depth=", "files0-from=",
                    "human-readable", "inodes", "dereference", "count-links", "no-dereference", "separate-dirs", "si",
                    "summarize", "threshold=", "time[=]", "time-style=", "exclude-from=", "exclude=",
                    "one-file-system", "help", "version"))),
            Map.entry("df", reads(OptionSpec.gnu("ahHiklPTv", "Btx", "all", "block-size=", "human-readable", "si",
                    "inodes", "local", "output[=]", "portability", "print-type", "total", "type=", "exclude-type=",
                    "help", "version"))),
            Map.entry("printenv", reads(OptionSpec.gnu("0", "", "null", "help", "version"))),
            Map.entry("seq", reads(OptionSpec.gnu("w", "fs", "format=", "separator=", "equal-width", "help",
                    "version"))),
            Map.entry("rev", reads(OptionSpec.gnu("0", "", "zero", "help", "version"))),
            Map.entry("column", reads(OptionSpec.gnu("tx", "csoN", "table", "fillrows", "columns=", "separator=",
                    "output-separator=", "table-columns=", "output-width=", "help", "version"))),
            Map.entry("cmp", reads(OptionSpec.gnu("blsv", "in", "print-bytes", "ignore-initial=", "verbose",
                    "bytes=", "quiet", "silent", "help", "version"))),
            Map.entry("md5sum", reads(CHECKSUM)), Map.entry("sha1sum", reads(CHECKSUM)),
            Map.entry("sha256sum", reads(CHECKSUM)), Map.entry("sha512sum", reads(CHECKSUM)),
            // A second operand is the file uniq writes.
            Map.entry("uniq", new Program(OptionSpec.gnu("cdDiuz", "fsw", "count", "repeated", "all-repeated[=]",
                    "skip-fields=", "group[=]", "ignore-case", "skip-chars=", "unique", "zero-terminated",
                    "check-chars=", "help", "version"), Set.of(), operands -> operands.size() <= 1)),
            // -o writes its output file; --compress-program runs a program; -T fills a directory of our choosing.
            Map.entry("sort", new Program(OptionSpec.gnu("bdfgiMhnRrVcCmsuz", "kotST", "ignore-leading-blanks",
                    "dictionary-order", "ignore-case", "general-numeric-sort", "ignore-nonprinting", "month-sort",
                    "human-numeric-sort", "numeric-sort", "random-sort", "random-source=", "reverse", "sort=",
                    "version-sort", "batch-size=", "check[=]", "compress-program=", "debug", "files0-from=", "key=",
                    "merge", "output=", "stable", "buffer-size=", "field-separator=", "temporary-directory=",
                    "parallel=", "unique", "zero-terminated", "help", "version"), Set.of("-o", "--output",
                    "--compress-program", "-T", "--temporary-directory"), ANY)),
            Map.entry("diff", reads(OptionSpec.gnu("abBcdEiNpqrstTuwyZ", "CDFIStUWxX", "brief", "report-identical-files",
                    "context[=]", "unified[=]", "normal", "side-by-side", "width=", "left-column",
                    "suppress-common-lines", "show-c-function", "show-function-line=", "label=", "expand-tabs",
                    "initial-tab", "tabsize=", "suppress-blank-empty", "recursive", "no-dereference", "new-file",
                    "unidirectional-new-file", "ignore-file-name-case", "no-ignore-file-name-case", "exclude=",
                    "exclude-from=", "starting-file=", "from-file=", "to-file=", "ignore-case",
                    "ignore-tab-expansion", "ignore-trailing-space", "ignore-space-change", "ignore-all-space",
                    "ignore-blank-lines", "ignore-matching-lines=", "text", "strip-trailing-cr", "minimal",
                    "speed-large-files", "color[=]", "help", "version"))),
            // tree -o writes its listing to a file and -R writes one into every directory; tree's own parser
            // takes no abbreviations.
            Map.entry("tree", new Program(OptionSpec.gnu("adlfxpsugDFqNQrtvUcCAhSJnR", "LPIHTo", "help", "version",
                    "noreport", "dirsfirst", "du", "si", "prune", "gitignore", "filelimit=", "charset=", "sort=")
                    .exact(),
                    Set.of("-o", "-R"), ANY)),
            // --pre and --hostname-bin run a program we are given; -z runs decompressors. ripgrep takes no
            // abbreviations.
            Map.entry("rg", new Program(RG, Set.of("--pre", "--pre-glob", "--hostname-bin", "-z", "--search-zip"),
                    ANY)));

    private SafePrograms() {}

    /** Whether {@code words} (a program and its arguments, no shell syntax) is in the allow-list. */
    static boolean allows(List<String> words) {
        Program program = PROGRAMS.get(words.getFirst());
        if (program == null) {
            return false;
        }
        if (program.options() == null) {
            return true;
        }
        OptionScan scan = OptionScan.read(program.options(), words.subList(1, words.size()));
        return scan != null && scan.options().stream().noneMatch(o -> program.unsafe().contains(o.name()))
                && program.operands().test(scan.operands());
    }

    private static Program reads(OptionSpec options) {
        return new Program(options, Set.of(), ANY);
    }
}
