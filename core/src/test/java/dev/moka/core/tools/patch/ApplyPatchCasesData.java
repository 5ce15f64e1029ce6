package dev.moka.core.tools.patch;

import static dev.moka.core.tools.patch.ApplyPatchCasesTest.fails;
import static dev.moka.core.tools.patch.ApplyPatchCasesTest.ok;
import static dev.moka.core.tools.patch.ApplyPatchCasesTest.patch;

import dev.moka.core.tools.patch.ApplyPatchCasesTest.Case;
import java.util.Map;
import java.util.stream.Stream;

/** The table of {@link ApplyPatchCasesTest}, grouped by what the cases exercise. */
final class ApplyPatchCasesData {
    private ApplyPatchCasesData() {}

    static Stream<Case> adds() {
        return Stream.of(
                ok("add a file", Map.of(), patch("""
                        *** Add File: hello.txt
                        +Hello
                        +world
                        """), Map.of("hello.txt", "Hello\nworld\n"), "A hello.txt"),
                ok("add a file in new nested folders", Map.of(), patch("""
                        *** Add File: a/b/c/deep.txt
                        +deep
                        """), Map.of("a/b/c/deep.txt", "deep\n"), "A a/b/c/deep.txt"),
                ok("add an empty file", Map.of(), patch("*** Add File: empty.txt\n"),
                        Map.of("empty.txt", ""), "A empty.txt"),
                ok("add keeps an empty line between content lines", Map.of(), patch("""
                        *** Add File: gap.txt
                        +one

                        +three
                        """), Map.of("gap.txt", "one\n\nthree\n"), "A gap.txt"),
                ok("add replaces an existing file", Map.of("dup.txt", "old\n"), patch("""
                        *** Add File: dup.txt
                        +new
                        """), Map.of("dup.txt", "new\n"), "A dup.txt"));
    }

    static Stream<Case> deletes() {
        return Stream.of(
                ok("delete a file", Map.of("gone.txt", "bye\n", "kept.txt", "hi\n"),
                        patch("*** Delete File: gone.txt\n"), Map.of("kept.txt", "hi\n"), "D gone.txt"),
                fails("delete of a missing file", Map.of("kept.txt", "hi\n"), patch("*** Delete File: ghost.txt\n"),
                        "cannot delete ghost.txt: it does not exist"),
                fails("delete of a directory", Map.of("dir/inner.txt", "x\n"), patch("*** Delete File: dir\n"),
                        "dir is a directory; apply_patch adds, deletes and updates files only"),
                fails("delete of the same file twice", Map.of("once.txt", "x\n"), patch("""
                        *** Delete File: once.txt
                        *** Delete File: once.txt
                        """), "cannot delete once.txt: an earlier section of this patch deletes it"));
    }

    static Stream<Case> updates() {
        return Stream.of(
                ok("update one line", Map.of("f.txt", "a\nb\nc\n"), patch("""
                        *** Update File: f.txt
                        @@
                         a
                        -b
                        +B
                         c
                        """), Map.of("f.txt", "a\nB\nc\n"), "M f.txt"),
                ok("first hunk without @@", Map.of("f.txt", "a\nb\n"), patch("""
                        *** Update File: f.txt
                        -b
                        +B
                        """), Map.of("f.txt", "a\nB\n"), "M f.txt"),
                ok("several hunks in order", Map.of("f.txt", "1\n2\n3\n4\n5\n6\n7\n8\n9\n"), patch("""
                        *** Update File: f.txt
                        @@
                         1
                        -2
                        +two
                        @@
                         5
                        -6
                        +six
                        @@
                        -9
                        +nine
                        """), Map.of("f.txt", "1\ntwo\n3\n4\n5\nsix\n7\n8\nnine\n"), "M f.txt"),
                ok("hunks given out of order still apply", Map.of("f.txt", "1\n2\n3\n4\n"), patch("""
                        *** Update File: f.txt
                        @@
                        -4
                        +four
                        @@
                        -1
                        +one
                        """), Map.of("f.txt", "one\n2\n3\nfour\n"), "M f.txt"),
                ok("context header picks the right one of two identical bodies",
                        Map.of("f.py", "def first():\n    return 0\n\ndef second():\n    return 0\n"), patch("""
                        *** Update File: f.py
                        @@ def second():
                        -    return 0
                        +    return 2
                        """), Map.of("f.py", "def first():\n    return 0\n\ndef second():\n    return 2\n"), "M f.py"),
                ok("nested context headers narrow step by step", Map.of("f.py", """
                        class A:
                            def run(self):
                                pass
                        class B:
                            def run(self):
                                pass
                        """), patch("""
                        *** Update File: f.py
                        @@ class B:
                        @@     def run(self):
                        -        pass
                        +        return 1
                        """), Map.of("f.py", """
                        class A:
                            def run(self):
                                pass
                        class B:
                            def run(self):
                                return 1
                        """), "M f.py"),
                ok("lines that occur twice match the first occurrence after the previous hunk",
                        Map.of("f.txt", "a\ndup\nb\ndup\n"), patch("""
                        *** Update File: f.txt
                        @@
                        -b
                        +B
                        @@
                        -dup
                        +DUP
                        """), Map.of("f.txt", "a\ndup\nB\nDUP\n"), "M f.txt"),
                ok("lines that occur twice match the first occurrence in a single hunk",
                        Map.of("f.txt", "dup\nx\ndup\n"), patch("""
                        *** Update File: f.txt
                        @@
                        -dup
                        +DUP
                        """), Map.of("f.txt", "DUP\nx\ndup\n"), "M f.txt"),
                ok("pure addition without context appends to the file", Map.of("f.txt", "a\n"), patch("""
                        *** Update File: f.txt
                        @@
                        +b
                        """), Map.of("f.txt", "a\nb\n"), "M f.txt"),
                ok("pure addition after a context header goes right below it", Map.of("f.txt", "x\nhead\ny\n"),
                        patch("""
                        *** Update File: f.txt
                        @@ head
                        +inserted
                        """), Map.of("f.txt", "x\nhead\ninserted\ny\n"), "M f.txt"),
                ok("end of file marker prefers the match at the end", Map.of("f.txt", "end\nmid\nend\n"), patch("""
                        *** Update File: f.txt
                        @@
                        -end
                        +END
                        *** End of File
                        """), Map.of("f.txt", "end\nmid\nEND\n"), "M f.txt"),
                ok("an empty line in a hunk stands for an empty context line", Map.of("f.txt", "a\n\nb\n"), patch("""
                        *** Update File: f.txt
                        @@
                         a

                        -b
                        +B
                        """), Map.of("f.txt", "a\n\nB\n"), "M f.txt"),
                ok("a context line that looks like a file header", Map.of("doc.md", "*** Add File: x\nold\n"),
                        patch("*** Update File: doc.md\n@@\n *** Add File: x\n-old\n+new\n"),
                        Map.of("doc.md", "*** Add File: x\nnew\n"), "M doc.md"),
                ok("removing every line leaves an empty file", Map.of("f.txt", "a\nb\n"), patch("""
                        *** Update File: f.txt
                        @@
                        -a
                        -b
                        """), Map.of("f.txt", ""), "M f.txt"));
    }

    static Stream<Case> lineEnds() {
        return Stream.of(
                ok("a file without final newline keeps none when its end is untouched",
                        Map.of("f.txt", "a\nb\nc"), patch("""
                        *** Update File: f.txt
                        @@
                        -a
                        +A
                        """), Map.of("f.txt", "A\nb\nc"), "M f.txt"),
                ok("a file without final newline gets one when its last line changes",
                        Map.of("f.txt", "a\nb"), patch("""
                        *** Update File: f.txt
                        @@
                         a
                        -b
                        +B
                        """), Map.of("f.txt", "a\nB\n"), "M f.txt"),
                ok("appending to a file without final newline ends it with one", Map.of("f.txt", "a\nb"), patch("""
                        *** Update File: f.txt
                        @@
                        +c
                        """), Map.of("f.txt", "a\nb\nc\n"), "M f.txt"),
                ok("a CRLF file keeps CRLF line ends", Map.of("f.txt", "a\r\nb\r\nc\r\n"), patch("""
                        *** Update File: f.txt
                        @@
                         a
                        -b
                        +B
                        +B2
                         c
                        """), Map.of("f.txt", "a\r\nB\r\nB2\r\nc\r\n"), "M f.txt"),
                ok("a patch sent with CRLF line ends applies to an LF file", Map.of("f.txt", "a\nb\n"),
                        patch("*** Update File: f.txt\r\n@@\r\n a\r\n-b\r\n+B\r\n"),
                        Map.of("f.txt", "a\nB\n"), "M f.txt"),
                ok("trailing whitespace in the file does not stop a match, and context keeps it",
                        Map.of("f.txt", "keep   \nold\n"), patch("""
                        *** Update File: f.txt
                        @@
                         keep
                        -old
                        +new
                        """), Map.of("f.txt", "keep   \nnew\n"), "M f.txt"),
                ok("different indentation still matches", Map.of("f.py", "if x:\n        y = 1\n"), patch("""
                        *** Update File: f.py
                        @@
                        -    y = 1
                        +        y = 2
                        """), Map.of("f.py", "if x:\n        y = 2\n"), "M f.py"));
    }

    static Stream<Case> lookAlikes() {
        return Stream.of(
                ok("typographic quotes and dash in the file match an ASCII patch",
                        Map.of("f.txt", "say(\u201Chi\u201D) \u2014 it\u2019s fine\nnext\n"), patch("""
                        *** Update File: f.txt
                        @@
                        -say("hi") - it's fine
                        +say("bye")
                         next
                        """), Map.of("f.txt", "say(\"bye\")\nnext\n"), "M f.txt"),
                ok("typographic quotes in the patch match an ASCII file", Map.of("f.txt", "x = \"a\"\ny\n"),
                        patch("*** Update File: f.txt\n@@\n-x = \u201Ca\u201D\n+x = \"b\"\n"),
                        Map.of("f.txt", "x = \"b\"\ny\n"), "M f.txt"),
                ok("a non-breaking space matches a space", Map.of("f.txt", "total:\u00A0100\n"),
                        patch("*** Update File: f.txt\n@@\n-total: 100\n+total: 200\n"),
                        Map.of("f.txt", "total: 200\n"), "M f.txt"),
                ok("context matched loosely keeps the file's own characters",
                        Map.of("f.txt", "\u2018quoted\u2019\nold\n"), patch("""
                        *** Update File: f.txt
                        @@
                         'quoted'
                        -old
                        +new
                        """), Map.of("f.txt", "\u2018quoted\u2019\nnew\n"), "M f.txt"),
                ok("non-ASCII text is kept byte for byte", Map.of("f.txt", "caf\u00E9\n\u65E5\u672C\n"), patch("""
                        *** Update File: f.txt
                        @@
                         caf\u00E9
                        -\u65E5\u672C
                        +\u65E5\u672C\u8A9E \uD83D\uDE80
                        """), Map.of("f.txt", "caf\u00E9\n\u65E5\u672C\u8A9E \uD83D\uDE80\n"), "M f.txt"));
    }

    static Stream<Case> moves() {
        return Stream.of(
                ok("move and edit", Map.of("old/name.txt", "old\n"), patch("""
                        *** Update File: old/name.txt
                        *** Move to: new/place/name.txt
                        @@
                        -old
                        +new
                        """), Map.of("new/place/name.txt", "new\n"), "M new/place/name.txt (moved from old/name.txt)"),
                ok("move without hunks only renames", Map.of("a.txt", "same\n"), patch("""
                        *** Update File: a.txt
                        *** Move to: b.txt
                        """), Map.of("b.txt", "same\n"), "M b.txt (moved from a.txt)"),
                ok("move onto an existing file replaces it", Map.of("a.txt", "mine\n", "b.txt", "theirs\n"), patch("""
                        *** Update File: a.txt
                        *** Move to: b.txt
                        @@
                        -mine
                        +ours
                        """), Map.of("b.txt", "ours\n"), "M b.txt (moved from a.txt)"));
    }

    static Stream<Case> failures() {
        return Stream.of(
                fails("update of a missing file", Map.of("real.txt", "x\n"), patch("""
                        *** Update File: imaginary.txt
                        @@
                        -x
                        +y
                        """), "cannot update imaginary.txt: it does not exist", "'*** Add File: imaginary.txt'"),
                fails("a hunk that fails after other files succeeded",
                        Map.of("a.txt", "a\n", "b.txt", "b\n", "c.txt", "c\n"), patch("""
                        *** Add File: new.txt
                        +fresh
                        *** Update File: a.txt
                        @@
                        -a
                        +A
                        *** Delete File: c.txt
                        *** Update File: b.txt
                        @@
                        -not there
                        +B
                        """), "hunk 1 of 1 in b.txt (patch line 10)", "  |not there"),
                fails("the second hunk of a file fails", Map.of("f.txt", "one\ntwo\nthree\n"), patch("""
                        *** Update File: f.txt
                        @@
                        -one
                        +ONE
                        @@
                        -four
                        +FOUR
                        """), "hunk 2 of 2 in f.txt (patch line 6): the lines it expects are not in the file"),
                fails("a failed hunk shows the most similar lines",
                        Map.of("greet.py",
                                "import sys\n\ndef greet(name):\n    print('Hello', name)\n    return None\n"),
                        patch("""
                        *** Update File: greet.py
                        @@
                         def greet(name):
                        -    print('Hi', name)
                        +    print('Hey', name)
                        """), "It looked for 2 lines:\n  |def greet(name):\n  |    print('Hi', name)",
                        "The most similar lines in the file are lines 3-4:\n  |def greet(name):\n"
                                + "  |    print('Hello', name)"),
                fails("a context header that is not in the file", Map.of("f.py", "class A:\n    pass\n"), patch("""
                        *** Update File: f.py
                        @@ class Missing:
                        -    pass
                        +    return
                        """), "its context line \"@@ class Missing:\" is not in the file",
                        "The most similar line in the file is line 1:\n  |class A:"),
                fails("hunks that overlap", Map.of("f.txt", "a\nb\nc\n"), patch("""
                        *** Update File: f.txt
                        @@
                        -b
                        +B
                        @@
                         a
                        -b
                        +BB
                        """), "hunks 1 and 2 of 2 in f.txt change overlapping lines"));
    }

    static Stream<Case> grammar() {
        Map<String, String> tree = Map.of("f.txt", "stable\n");
        return Stream.of(
                fails("an empty patch", tree, "", "the patch is empty"),
                fails("a patch with no file sections", tree, patch(""), "line 2: the patch has no file sections"),
                fails("no Begin Patch line", tree, "*** Update File: f.txt\n@@\n-stable\n+x\n*** End Patch\n",
                        "line 1: expected '*** Begin Patch' as the first line, got \"*** Update File: f.txt\""),
                fails("no End Patch line", tree, "*** Begin Patch\n*** Update File: f.txt\n@@\n-stable\n+x\n",
                        "line 5: expected '*** End Patch' as the last line, got \"+x\""),
                fails("an unknown header", tree, patch("*** Rename File: f.txt\n"),
                        "line 2: expected a file header", "got \"*** Rename File: f.txt\""),
                fails("an added line without +", tree, patch("*** Add File: n.txt\n+ok\nmissing plus\n"),
                        "line 4: expected a line starting with '+'", "got \"missing plus\""),
                fails("a hunk line without a prefix character", tree,
                        patch("*** Update File: f.txt\n@@\n-stable\n*changed\n"),
                        "line 5: expected a hunk line starting with ' ' (context), '-' (remove) or '+' (add)"),
                fails("an update without hunks", tree, patch("*** Update File: f.txt\n"),
                        "line 2: the update of f.txt has no hunks"),
                fails("a hunk header without lines", tree, patch("*** Update File: f.txt\n@@\n"),
                        "line 3: the hunk has no lines"),
                fails("a header without a path", tree, patch("*** Add File:\n+x\n"),
                        "line 2: expected a path after '*** Add File:'"),
                fails("a delete section with lines", tree, patch("*** Delete File: f.txt\n-stable\n"),
                        "line 3: a '*** Delete File:' section has no lines of its own"),
                fails("End of File outside a hunk", tree, patch("*** Update File: f.txt\n*** End of File\n"),
                        "line 3: '*** End of File' must end a hunk"),
                fails("two patches in one call", tree,
                        patch("*** Delete File: f.txt\n*** End Patch\n*** Begin Patch\n"),
                        "line 3: '*** End Patch' before the end of the input"),
                ok("whitespace around marker lines", tree,
                        "  *** Begin Patch \n *** Update File: f.txt\n@@\n-stable\n+moved\n\t*** End Patch  \n\n",
                        Map.of("f.txt", "moved\n"), "M f.txt"),
                ok("a heredoc around the patch", tree,
                        "<<'EOF'\n*** Begin Patch\n*** Update File: f.txt\n@@\n-stable\n+x\n*** End Patch\nEOF\n",
                        Map.of("f.txt", "x\n"), "M f.txt"),
                ok("a unified diff hunk header", Map.of("f.txt", "a\nb\n"),
                        patch("*** Update File: f.txt\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n"),
                        Map.of("f.txt", "a\nB\n"), "M f.txt"));
    }

    static Stream<Case> paths() {
        Map<String, String> tree = Map.of("in.txt", "x\n");
        return Stream.of(
                fails("an absolute path", tree, patch("*** Add File: /tmp/moka-absolute.txt\n+x\n"),
                        "\"/tmp/moka-absolute.txt\" is absolute"),
                fails("a home-relative path", tree, patch("*** Add File: ~/x.txt\n+x\n"), "\"~/x.txt\" is absolute"),
                fails("a path climbing out with ..", tree, patch("*** Add File: ../escaped.txt\n+x\n"),
                        "\"../escaped.txt\" is outside the working directory"),
                fails("a move target climbing out with ..", tree,
                        patch("*** Update File: in.txt\n*** Move to: sub/../../out.txt\n"),
                        "\"sub/../../out.txt\" is outside the working directory"),
                ok("a .. that stays inside is fine", tree, patch("*** Add File: sub/../inside.txt\n+y\n"),
                        Map.of("in.txt", "x\n", "inside.txt", "y\n"), "A inside.txt"));
    }

    static Stream<Case> sequences() {
        return Stream.of(
                ok("the same file updated by two sections", Map.of("f.txt", "a\nb\n"), patch("""
                        *** Update File: f.txt
                        @@
                        -a
                        +A
                        *** Update File: f.txt
                        @@
                        -b
                        +B
                        """), Map.of("f.txt", "A\nB\n"), "M f.txt"),
                ok("a file added then updated", Map.of(), patch("""
                        *** Add File: f.txt
                        +draft
                        *** Update File: f.txt
                        @@
                        -draft
                        +final
                        """), Map.of("f.txt", "final\n"), "A f.txt\nM f.txt"),
                ok("a file deleted then added again", Map.of("f.txt", "old\n"), patch("""
                        *** Delete File: f.txt
                        *** Add File: f.txt
                        +new
                        """), Map.of("f.txt", "new\n"), "D f.txt\nA f.txt"),
                ok("add, delete and update in one patch", Map.of("del.txt", "x\n", "mod.txt", "1\n2\n"), patch("""
                        *** Add File: nested/new.txt
                        +created
                        *** Delete File: del.txt
                        *** Update File: mod.txt
                        @@
                        -2
                        +two
                        """), Map.of("nested/new.txt", "created\n", "mod.txt", "1\ntwo\n"),
                        "A nested/new.txt\nD del.txt\nM mod.txt"));
    }
}
