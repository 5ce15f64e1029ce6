# Sourced by the bench scripts: finds JDK 25, builds core and the modules it needs, and sets BENCH_CP to
# their classes and dependencies. Compiling and resolving in one Maven run lets the reactor hand out its own
# modules' target folders; a separate resolve-only run looks for them in ~/.m2 and fails on a fresh machine.
# Usage: . bench/lib/classpath.sh main|test|engine   (test adds core's test classes and test-scoped dependencies;
# engine adds code mode's JavaScript engine module and its tests, which drive code mode through core's harness)
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$root/bin/lib/jdk.sh"
moka_find_jdk || exit 1
. "$root/bin/lib/maven.sh"
moka_require_maven || exit 1
export JAVA_HOME=$MOKA_JAVA_HOME
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
cd "$root"
bench_module=core
case "${1:-main}" in
    main) bench_phase=compile bench_scope=runtime bench_classes="core/target/classes" ;;
    test) bench_phase=test-compile bench_scope=test bench_classes="core/target/test-classes:core/target/classes" ;;
    engine) bench_module=engine bench_phase=test-compile bench_scope=test
        bench_classes="engine/target/test-classes:engine/target/classes:core/target/test-classes:core/target/classes" ;;
    *) echo "bench: unknown class path kind '$1' (main, test or engine)" >&2; exit 2 ;;
esac
# Maven's quiet mode still prints colour resets on stdout; the figures own stdout.
mvn -q -B -Dstyle.color=never -pl "$bench_module" -am "$bench_phase" \
    org.apache.maven.plugins:maven-dependency-plugin:3.9.0:build-classpath \
    -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope="$bench_scope" >&2
BENCH_CP="$bench_classes:protocol/target/classes:$(cat "$bench_module/target/bench.cp")"
