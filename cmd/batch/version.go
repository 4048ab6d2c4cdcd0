package main

import (
	"runtime/debug"
	"strings"
)

// version, when set at build time (-ldflags "-X main.version=v1.2.0"), is
// the version batch reports; otherwise buildVersion reads it from the
// build.
var version string

// sourceVersion is the release this source tree is: what a build that
// recorded neither a module version nor a commit (go run, -buildvcs=false)
// reports, so that every output still names the code that wrote it. Raise
// it with each release.
const sourceVersion = "v0.4.0"

// buildVersion is what `batch --version` prints and every output's
// Summary records: the -X version if one was set, else the module version
// the go command stamped (go install batch@v1.2.0, or since Go 1.24 a
// pseudo-version of the commit a checkout was built from), with the
// commit's revision and time when known.
func buildVersion() string {
	info, _ := debug.ReadBuildInfo()
	return versionFrom(version, info)
}

func versionFrom(set string, info *debug.BuildInfo) string {
	if set != "" {
		return set
	}
	var v string
	var rev, at string
	modified := false
	if info != nil {
		if info.Main.Version != "(devel)" {
			v = info.Main.Version
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	var detail []string
	if rev != "" {
		c := "commit " + rev
		if modified {
			c += " with uncommitted changes"
		}
		detail = append(detail, c)
	}
	if at != "" {
		detail = append(detail, at)
	}
	switch {
	case v != "" && len(detail) > 0:
		return v + " (" + strings.Join(detail, ", ") + ")"
	case v != "":
		return v
	case len(detail) > 0:
		return strings.Join(detail, ", ")
	}
	goVersion := ""
	if info != nil && info.GoVersion != "" {
		goVersion = ", " + info.GoVersion
	}
	// go run, or a build with -buildvcs=false: only the source names the code.
	return sourceVersion + " (source tree; this build recorded no commit" + goVersion + ")"
}
