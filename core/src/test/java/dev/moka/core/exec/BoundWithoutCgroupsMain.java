package dev.moka.core.exec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Run by {@link ProcessBoundWithoutCgroupsTest} as an ordinary user who may make no cgroup: runs a command that
 * tries to start 300 processes under a bound of 50 and prints what the command reported.
 */
final class BoundWithoutCgroupsMain {
    private BoundWithoutCgroupsMain() {}

    public static void main(String[] args) throws Exception {
        String fork = "my $n = 0; for (1 .. 300) { my $p = fork(); last unless defined $p;"
                + " if ($p == 0) { sleep 3; exit 0 } $n++ } print \"started=$n\\n\"";
        ExecResult result = new ProcessRunner(50).run(new ExecParams(List.of("perl", "-e", fork), Path.of("/"),
                Duration.ofSeconds(30), Map.of("PATH", "/usr/bin:/bin")), OutputListener.NONE);
        System.out.println("problem=" + ProcessRunner.processBoundProblem());
        System.out.print(result.aggregatedOutput());
    }
}
