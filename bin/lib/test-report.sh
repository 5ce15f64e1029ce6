# Sourced by bin/test. Maven runs quietly (-q), so at its end it says nothing a person can read when all went
# well, and the failures scroll by when not: sum the Surefire reports this run wrote into one line of counts
# and times, then the plain closing line CI runners read ("tests: N passed, N failed, N skipped").

# Prints the summary of the reports under $1 newer than the file $2, for a run that took $3 seconds and whose
# Maven ended with status $4.
moka_test_report() {
  local root=$1 stamp=$2 seconds=$3 status=$4 counts
  counts=$(find "$root" -path '*/target/surefire-reports/TEST-*.xml' -newer "$stamp" -print0 2>/dev/null \
    | xargs -0 -r grep -h -m1 '<testsuite ' \
    | awk '
      function attr(line, name,   v) {
        if (!match(line, " " name "=\"[^\"]*\"")) return 0
        v = substr(line, RSTART + length(name) + 3, RLENGTH - length(name) - 4)
        gsub(",", "", v)
        return v
      }
      { classes++; tests += attr($0, "tests"); failures += attr($0, "failures"); errors += attr($0, "errors")
        skipped += attr($0, "skipped"); time += attr($0, "time") }
      END { printf "%d %d %d %d %d %d\n", classes, tests, failures, errors, skipped, time + 0.5 }') || true
  local classes tests failures errors skipped time
  read -r classes tests failures errors skipped time <<<"$counts"
  if [ "${classes:-0}" -eq 0 ]; then
    echo "moka: no test reported a result; Maven ended with status $status after $(moka_duration "$seconds")"
    return
  fi
  local ended=
  [ "$status" -eq 0 ] || ended="; Maven ended with status $status"
  local in="$classes classes"
  [ "$classes" -ne 1 ] || in="1 class"
  echo "moka: $tests tests in $in: $failures failures, $errors errors, $skipped skipped;" \
    "$(moka_duration "$seconds") in all ($(moka_duration "$time") in the tests themselves)$ended"
  echo "tests: $((tests - failures - errors - skipped)) passed, $((failures + errors)) failed, $skipped skipped"
}

# "N min N s" for $1 seconds.
moka_duration() {
  if [ "$1" -ge 60 ]; then
    echo "$(($1 / 60)) min $(($1 % 60)) s"
  else
    echo "$1 s"
  fi
}
