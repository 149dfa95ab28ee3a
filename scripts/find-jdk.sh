# Sourced by ./jpraxis, ./run-tests and .ci/run: prints the home of a JDK 21 or newer.
# Prefers JAVA_HOME when it is new enough, else the newest JDK under /usr/lib/jvm.
# The default `java` on Debian 12 is 17, which cannot run jpraxis, so PATH is never trusted.

jdk_major() { # $1 = JDK home; prints its major version or nothing
  local release="$1/release" v="" line
  [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 0
  if [ -f "$release" ]; then
    # Read with builtins, not sed: the launcher runs this on every start, where forks add up.
    while IFS= read -r line; do
      if [[ $line =~ ^JAVA_VERSION=\"([0-9]+) ]]; then v="${BASH_REMATCH[1]}"; break; fi
    done < "$release"
  fi
  if [ -z "${v:-}" ]; then
    v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9][0-9]*\).*/\1/p')
  fi
  echo "${v:-}"
}

find_jdk() {
  local cand major best="" best_major=0
  if [ -n "${JAVA_HOME:-}" ]; then
    major=$(jdk_major "$JAVA_HOME")
    if [ -n "$major" ] && [ "$major" -ge 21 ]; then echo "$JAVA_HOME"; return 0; fi
  fi
  for cand in /usr/lib/jvm/*; do
    [ -d "$cand" ] && [ ! -L "$cand" ] || continue
    major=$(jdk_major "$cand")
    if [ -n "$major" ] && [ "$major" -ge 21 ] && [ "$major" -gt "$best_major" ]; then
      best="$cand"; best_major="$major"
    fi
  done
  [ -n "$best" ] && { echo "$best"; return 0; }
  return 1
}

require_jdk() {
  local home
  if ! home=$(find_jdk); then
    echo "jpraxis needs a JDK 21 or newer, and found none (JAVA_HOME=${JAVA_HOME:-unset}; /usr/lib/jvm holds: $(ls /usr/lib/jvm 2>/dev/null | tr '\n' ' '))." >&2
    echo "Install one (for example Eclipse Temurin 21 or 25 under /usr/lib/jvm) or point JAVA_HOME at it." >&2
    exit 1
  fi
  export JAVA_HOME="$home"
  JDK_MAJOR="$(jdk_major "$home")" # for the caller, so it need not ask again
  # Maven's own libraries call sun.misc.Unsafe, which JDK 24+ warns about on every build.
  if [ "$JDK_MAJOR" -ge 24 ]; then
    case "${MAVEN_OPTS:-}" in *sun-misc-unsafe*) ;; *) export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow" ;; esac
  fi
}
