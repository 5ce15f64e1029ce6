# Sourced by bin/moka (and LauncherScriptsTest): the JVM flags every Moka start uses, training included.
# Flags for a CLI: one small, bounded heap and a cheap collector, no JIT beyond C1, no perf-data file.
# The AOT cache is only valid with the flags it was trained with, so training uses exactly these (and bin/moka
# trains again when this file changes).
# ArchiveRelocationMode=0 maps the cache where it asks to be mapped: JDK 25 otherwise maps it elsewhere on
# purpose and rewrites every pointer in its 40 MB at each start (25 ms of CPU, more on a busy machine),
# giving up some address-space randomisation of class metadata, which a short-lived CLI can spare.
# CompileThresholdScaling=10 lets a method run ten times longer in the interpreter before C1 compiles it:
# a round trip compiled 1,300 methods, whose compiling took as much CPU as the main thread's own work.
# -Xmx256m bounds a long session: without a bound the serial collector lets garbage pile up in the old
# generation until a quarter of the machine's memory is reached (a 1,000-round exec session grew to 655 MB of RSS
# while its live data after a full collection was 10 MB); bounded, the same session peaks at 327 MB with time
# per round flat (bench/long_session.py). 256 MB rather than 128 leaves room for the largest reply the client
# accepts (bench/sse_heap_bench.sh peaks at 127 MB). MOKA_JAVA_OPTS=-Xmx... comes later on the line and wins.
# -XX:-AOTRecordTraining/-XX:-AOTReplayTraining: a JDK 25 cache also keeps the training run's method profiles,
# which a thread of their own replays at each start to compile those methods early; they serve C2, which
# TieredStopAtLevel=1 never runs, and replaying them cost ~25 ms of CPU per exec round trip.
# java.locale.providers=SPI: Moka's text is English, so numbers and dates follow the JDK's built-in English
# rules whatever the person's locale (as Codex prints them); no SPI provider is installed, so the CLDR locale
# data is never set up (15-20 ms of CPU at every start, reached through Jackson's date format).
# The CompileCommand exclusion keeps one method of the JDK's class-file writer interpreted: the stack-map
# generator's processBlock, one 2,767-byte switch that the JDK runs whenever it spins a class at run time (method
# handle forms, foreign-function stubs, pattern-switch sites, annotation proxies). Its C1 compile alone took
# 6 MB of compiler arena, which the JVM keeps for seconds: peak RSS 81 -> 75 MB per exec round trip, CPU unchanged.
# AsyncDeflationInterval=0: the JVM's monitor-deflation thread otherwise wakes every 250 ms to look for idle
# monitors, four of the five wake-ups a second of an idle interactive UI (bench/idle_ui.py); it still deflates
# once a minute (GuaranteedAsyncDeflationInterval), which a CLI's few monitors never miss.
moka_jvm_flags() {
  jvm_flags=(-XX:+UseSerialGC -Xms16m -Xmx256m -XX:TieredStopAtLevel=1 -XX:CompileThresholdScaling=10 -XX:-UsePerfData
    -Xss1m --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -XX:+UnlockDiagnosticVMOptions
    -XX:ArchiveRelocationMode=0 -XX:-AOTRecordTraining -XX:-AOTReplayTraining -Djava.locale.providers=SPI
    -XX:CompileCommand=quiet -XX:CompileCommand=exclude,jdk.internal.classfile.impl.StackMapGenerator::processBlock
    -XX:AsyncDeflationInterval=0)
}
