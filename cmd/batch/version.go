package main

import (
	"runtime/debug"
	"slices"
	"strings"
)

// version, when set at build time (-ldflags "-X main.version=v1.2.0", as
// scripts/release.sh does), is the version batch reports, with the commit
// the build records; otherwise buildVersion reads both from the build.
var version string

// commit, commitTime and commitModified, when set at build time
// (scripts/release.sh: -X main.commit=REV -X main.commitTime=RFC3339
// [-X main.commitModified=true]), name the commit a build was made from
// where the go command records none: it looks for a .git folder, and a
// git worktree (or a copy of the tree with git beside) has none.
var commit, commitTime, commitModified string

// sourceVersion is the release this source tree is: what a build that
// recorded neither a module version nor a commit (go run, -buildvcs=false)
// reports, so that every output still names the code that wrote it. Raise
// it with each release.
const sourceVersion = "v0.4.0"

// buildVersion is what `batch --version` prints and every output's
// Summary records: the -X version if one was set, else the module version
// the go command stamped (go install batch@v1.2.0, or since Go 1.24 a
// pseudo-version of the commit a checkout was built from), with the
// commit's revision and time when known (a release: "v0.4.0 (commit
// bd4502ef97df, 2026-12-01T09:00:20Z)").
func buildVersion() string {
	info, _ := debug.ReadBuildInfo()
	return versionFrom(version, withCommit(info, commit, commitTime, commitModified))
}

// withCommit is info with the commit set at build time, when info
// records none.
func withCommit(info *debug.BuildInfo, rev, at, modified string) *debug.BuildInfo {
	if rev == "" {
		return info
	}
	out := &debug.BuildInfo{}
	if info != nil {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" {
				return info
			}
		}
		c := *info
		out = &c
	}
	out.Settings = append(slices.Clip(out.Settings), debug.BuildSetting{Key: "vcs.revision", Value: rev})
	if at != "" {
		out.Settings = append(out.Settings, debug.BuildSetting{Key: "vcs.time", Value: at})
	}
	if modified == "true" {
		out.Settings = append(out.Settings, debug.BuildSetting{Key: "vcs.modified", Value: "true"})
	}
	return out
}

func versionFrom(set string, info *debug.BuildInfo) string {
	v := set
	var rev, at string
	modified := false
	if info != nil {
		if v == "" && info.Main.Version != "(devel)" {
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
